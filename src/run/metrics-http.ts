// The metrics endpoint (METRICS_PORT, METRICS_HOST): GET /metrics in Prometheus's text format. With
// SHARDS the manager alone listens: at each scrape it asks every shard process for its metrics over
// the ShardingManager's IPC channel and serves them all, each series labelled with its shard
// (docs/operations.md, Metrics). A port that cannot be opened is logged; the bot plays on without it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Shard, ShardingManager } from 'discord.js';
import { AggregatorRegistry, Gauge, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';
import type { Logger } from '../log.js';
import type { Metrics } from './metrics.js';

/** What a scrape answers: the body and its content type. */
type Scrape = () => Promise<{ body: string; type: string }>;

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** A registry's scrape. */
export const scrapeOf =
  (registry: Registry): Scrape =>
  async () => ({ body: await registry.metrics(), type: registry.contentType });

/** Serves GET /metrics on host:port; null (and an error in the log) when the port cannot be opened. */
export async function serveMetrics(port: number, host: string, scrape: Scrape, log: Logger): Promise<MetricsServer | null> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('GET /metrics\n');
      return;
    }
    scrape().then(
      ({ body, type }) => res.writeHead(200, { 'content-type': type }).end(body),
      (err: unknown) => {
        log.error({ err }, 'metrics could not be collected');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('metrics could not be collected\n');
      },
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (err) {
    log.error({ err, port, host }, 'the metrics port cannot be opened; the bot runs without metrics');
    return null;
  }
  server.on('error', (err) => log.error({ err }, 'metrics server error'));
  const bound = (server.address() as AddressInfo).port;
  log.info({ port: bound, host }, 'metrics served at /metrics');
  return { port: bound, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The message a shard's metrics are asked with, and answered with (`json`). */
interface MetricsMessage {
  fengshengMetrics: number;
  json?: MetricObjectWithValues<MetricValue<string>>[];
}

const isMetricsMessage = (m: unknown): m is MetricsMessage => typeof m === 'object' && m !== null && typeof (m as MetricsMessage).fengshengMetrics === 'number';

/** In a shard process: answers the manager's requests for this process's metrics. */
export function answerManager(metrics: Metrics): void {
  process.on('message', (m: unknown) => {
    if (!isMetricsMessage(m) || m.json) return;
    // Nothing to do if it fails (the manager going away): the manager counts this shard as not answering.
    metrics.registry
      .getMetricsAsJSON()
      .then((json) => process.send?.({ fengshengMetrics: m.fengshengMetrics, json } satisfies MetricsMessage))
      .catch(() => undefined);
  });
}

/** A shard that has not answered by then is left out of the scrape (its `fengsheng_shard_metrics_up` is 0). */
export const SHARD_ANSWER_MS = 2_000;

/** In the manager: a scrape of its own metrics and every shard's, each series labelled with its shard. */
export function shardsScrape(manager: ShardingManager, own: Metrics): Scrape {
  let next = 1;
  const waiting = new Map<number, (m: MetricsMessage) => void>();
  const heard = new WeakSet<Shard>();
  const up = new Gauge({ name: 'fengsheng_shard_metrics_up', help: 'Whether the shard answered the last scrape', labelNames: ['shard'], registers: [own.registry] });
  const ask = (shard: Shard): Promise<MetricsMessage['json'] | null> => {
    if (!heard.has(shard)) {
      heard.add(shard);
      shard.on('message', (m: unknown) => {
        if (isMetricsMessage(m) && m.json) waiting.get(m.fengshengMetrics)?.(m);
      });
    }
    const id = next++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(null), SHARD_ANSWER_MS);
      const done = (json: MetricsMessage['json'] | null) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(json);
      };
      waiting.set(id, (m) => done(m.json ?? null));
      shard.send({ fengshengMetrics: id } satisfies MetricsMessage).catch(() => done(null));
    });
  };
  return async () => {
    const shards = [...manager.shards.values()];
    const answers = await Promise.all(shards.map(ask));
    shards.forEach((s, k) => up.set({ shard: String(s.id) }, answers[k] ? 1 : 0));
    const all = [await own.registry.getMetricsAsJSON(), ...answers.filter((a) => a !== null && a !== undefined)];
    const merged = AggregatorRegistry.aggregate(all);
    return { body: await merged.metrics(), type: merged.contentType };
  };
}
