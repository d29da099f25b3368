import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { World } from './model.js';
import { guildCreatePayload, memberPayload, userPayload } from './payloads.js';

export const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  PresenceUpdate: 3,
  VoiceStateUpdate: 4,
  Resume: 6,
  Reconnect: 7,
  RequestGuildMembers: 8,
  InvalidSession: 9,
  Hello: 10,
  HeartbeatAck: 11,
} as const;

export const Intent = {
  Guilds: 1 << 0,
  GuildMembers: 1 << 1,
  GuildPresences: 1 << 8,
  GuildMessages: 1 << 9,
  DirectMessages: 1 << 12,
  MessageContent: 1 << 15,
} as const;

const PRIVILEGED = Intent.GuildMembers | Intent.GuildPresences | Intent.MessageContent;
/** How many dispatches a disconnected session keeps for its resume. */
const REPLAY_LIMIT = 1000;
/** Disconnected sessions kept resumable at once; older ones are forgotten. */
const DETACHED_SESSION_LIMIT = 16;

interface Session {
  id: string;
  intents: number;
  shard: [number, number];
  seq: number;
  replay: Array<{ s: number; t: string; d: unknown }>;
  connection: Connection | null;
}

interface Connection {
  ws: WebSocket;
  session: Session | null;
  viaResumeUrl: boolean;
}

export interface GatewayOptions {
  world: World;
  token: string;
  heartbeatIntervalMs: number;
  resumeUrl: () => string;
  privilegedIntents: boolean;
}

export interface DispatchTarget {
  /** The intent a session needs to receive this event, if any. */
  intent?: number;
  /** Guild the event belongs to, for shard routing. */
  guildId?: string | null;
}

export interface GatewayStats {
  identifies: number;
  resumes: number;
  heartbeats: number;
  invalidSessions: number;
}

/**
 * The gateway half of the stand-in: one WebSocket per shard session, with
 * Discord's opcodes, sequence numbers, and replay of missed events on RESUME.
 */
export class Gateway {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessions = new Map<string, Session>();
  private readonly connections = new Set<Connection>();
  readonly events = new EventEmitter();
  readonly stats: GatewayStats = { identifies: 0, resumes: 0, heartbeats: 0, invalidSessions: 0 };
  /** Tests turn this off to make the client see a zombie connection. */
  ackHeartbeats = true;

  constructor(private readonly options: GatewayOptions) {
    this.events.setMaxListeners(0);
  }

  get heartbeatIntervalMs(): number {
    return this.options.heartbeatIntervalMs;
  }

  /** Sessions currently connected. */
  get liveSessions(): number {
    return [...this.sessions.values()].filter((s) => s.connection !== null).length;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const viaResumeUrl = url.pathname === '/gateway-resume';
    if (url.pathname !== '/gateway' && !viaResumeUrl) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const connection: Connection = { ws, session: null, viaResumeUrl };
      this.connections.add(connection);
      ws.on('close', (code) => this.onClose(connection, code));
      ws.on('error', () => ws.terminate());
      if (url.searchParams.get('v') !== '10') {
        ws.close(4012, 'Invalid API version');
        return;
      }
      if ((url.searchParams.get('encoding') ?? 'json') !== 'json') {
        ws.close(4002, 'Decode error');
        return;
      }
      ws.on('message', (data, isBinary) => this.onMessage(connection, data, isBinary));
      this.send(connection, { op: Op.Hello, d: { heartbeat_interval: this.options.heartbeatIntervalMs } });
    });
  }

  /**
   * Sends an event to every session entitled to it. Sessions that are
   * disconnected keep it for their resume, as Discord does.
   */
  dispatch(t: string, d: unknown, target: DispatchTarget = {}): void {
    for (const session of this.sessions.values()) {
      if (target.intent !== undefined && (session.intents & target.intent) === 0) continue;
      if (target.guildId && !this.sessionOwnsGuild(session, target.guildId)) continue;
      if (!target.guildId && session.shard[0] !== 0) continue;
      this.emitTo(session, t, d);
    }
  }

  /**
   * Drops every live connection. `code` 4000 (the default) is Discord's
   * "unknown error", after which clients resume; 'terminate' cuts the TCP
   * connection without a close frame. `resumable: false` forgets the sessions,
   * so a RESUME gets INVALID_SESSION.
   */
  drop(options: { code?: number | 'terminate'; resumable?: boolean } = {}): void {
    const { code = 4000, resumable = true } = options;
    for (const connection of [...this.connections]) {
      const session = connection.session;
      if (session && !resumable) this.sessions.delete(session.id);
      if (code === 'terminate') connection.ws.terminate();
      else connection.ws.close(code, 'Dropped by the stand-in');
    }
  }

  /** Asks clients to reconnect and resume (opcode 7), as Discord does before maintenance. */
  requestReconnect(): void {
    for (const connection of this.connections) this.send(connection, { op: Op.Reconnect, d: null });
  }

  close(): void {
    for (const connection of this.connections) connection.ws.terminate();
    this.connections.clear();
    this.sessions.clear();
    this.wss.close();
  }

  private sessionOwnsGuild(session: Session, guildId: string): boolean {
    const [id, count] = session.shard;
    return Number((BigInt(guildId) >> 22n) % BigInt(count)) === id;
  }

  private emitTo(session: Session, t: string, d: unknown): void {
    session.seq++;
    session.replay.push({ s: session.seq, t, d });
    if (session.replay.length > REPLAY_LIMIT) session.replay.splice(0, session.replay.length - REPLAY_LIMIT);
    if (session.connection) this.send(session.connection, { op: Op.Dispatch, t, s: session.seq, d });
  }

  private send(connection: Connection, payload: unknown): void {
    if (connection.ws.readyState !== WebSocket.OPEN) return;
    connection.ws.send(JSON.stringify(payload));
  }

  private onClose(connection: Connection, code: number): void {
    this.connections.delete(connection);
    const session = connection.session;
    if (session && session.connection === connection) {
      session.connection = null;
      // A clean close from the client ends the session; anything else leaves it resumable.
      if (code === 1000 || code === 1001) this.sessions.delete(session.id);
    }
    this.forgetOldDetachedSessions();
    this.events.emit('close', { code, sessionId: session?.id ?? null });
  }

  private forgetOldDetachedSessions(): void {
    const detached = [...this.sessions.values()].filter((s) => s.connection === null);
    for (const session of detached.slice(0, Math.max(0, detached.length - DETACHED_SESSION_LIMIT))) {
      this.sessions.delete(session.id);
    }
  }

  private onMessage(connection: Connection, data: unknown, isBinary: boolean): void {
    let payload: { op?: unknown; d?: unknown };
    try {
      if (isBinary) throw new Error('binary frames are not expected with encoding=json');
      payload = JSON.parse(String(data)) as { op?: unknown; d?: unknown };
    } catch {
      connection.ws.close(4002, 'Decode error');
      return;
    }
    const d = (typeof payload.d === 'object' && payload.d !== null ? payload.d : {}) as Record<string, unknown>;
    switch (payload.op) {
      case Op.Heartbeat:
        this.stats.heartbeats++;
        if (this.ackHeartbeats) this.send(connection, { op: Op.HeartbeatAck });
        this.events.emit('heartbeat');
        return;
      case Op.Identify:
        this.identify(connection, d);
        return;
      case Op.Resume:
        this.resume(connection, d);
        return;
      case Op.PresenceUpdate:
      case Op.VoiceStateUpdate:
      case Op.RequestGuildMembers:
        if (!connection.session) {
          connection.ws.close(4003, 'Not authenticated');
          return;
        }
        if (payload.op === Op.RequestGuildMembers) this.sendMemberChunk(connection.session, d);
        return;
      default:
        connection.ws.close(4001, 'Unknown opcode');
    }
  }

  /** IDENTIFY and RESUME alike: once per connection, with the bot's token; else closed as Discord does. */
  private authenticates(connection: Connection, d: Record<string, unknown>): boolean {
    if (connection.session) {
      connection.ws.close(4005, 'Already authenticated');
      return false;
    }
    if (d.token !== this.options.token) {
      connection.ws.close(4004, 'Authentication failed');
      return false;
    }
    return true;
  }

  private identify(connection: Connection, d: Record<string, unknown>): void {
    if (!this.authenticates(connection, d)) return;
    if (typeof d.intents !== 'number') {
      connection.ws.close(4013, 'Invalid intent(s)');
      return;
    }
    if (!this.options.privilegedIntents && (d.intents & PRIVILEGED) !== 0) {
      connection.ws.close(4014, 'Disallowed intent(s)');
      return;
    }
    const shard: [number, number] = Array.isArray(d.shard) ? [Number(d.shard[0]), Number(d.shard[1])] : [0, 1];
    if (!(shard[1] >= 1 && shard[0] >= 0 && shard[0] < shard[1])) {
      connection.ws.close(4010, 'Invalid shard');
      return;
    }
    const session: Session = {
      id: randomBytes(16).toString('hex'),
      intents: d.intents,
      shard,
      seq: 0,
      replay: [],
      connection,
    };
    this.sessions.set(session.id, session);
    connection.session = session;
    this.stats.identifies++;
    const { world } = this.options;
    const guilds = [...world.guilds.values()].filter(
      (g) => g.members.has(world.bot.id) && this.sessionOwnsGuild(session, g.id),
    );
    this.emitTo(session, 'READY', {
      v: 10,
      user: { ...userPayload(world.bot), verified: true, mfa_enabled: false, email: null },
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      session_type: 'normal',
      resume_gateway_url: this.options.resumeUrl(),
      shard,
      application: { id: world.applicationId, flags: this.options.privilegedIntents ? (1 << 14) | (1 << 18) : 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      user_settings: {},
    });
    if ((session.intents & Intent.Guilds) !== 0) {
      for (const guild of guilds) this.emitTo(session, 'GUILD_CREATE', guildCreatePayload(world, guild));
    }
    this.events.emit('ready', { sessionId: session.id });
  }

  private resume(connection: Connection, d: Record<string, unknown>): void {
    if (!this.authenticates(connection, d)) return;
    const session = typeof d.session_id === 'string' ? this.sessions.get(d.session_id) : undefined;
    const seq = typeof d.seq === 'number' ? d.seq : 0;
    if (!session || seq > session.seq || (session.replay[0] && session.replay[0].s > seq + 1)) {
      this.stats.invalidSessions++;
      this.send(connection, { op: Op.InvalidSession, d: false });
      this.events.emit('invalid-session');
      return;
    }
    // A session has one connection; a resume takes it over from a half-dead one.
    if (session.connection && session.connection !== connection) session.connection.ws.terminate();
    session.connection = connection;
    connection.session = session;
    this.stats.resumes++;
    for (const entry of session.replay) {
      if (entry.s > seq) this.send(connection, { op: Op.Dispatch, t: entry.t, s: entry.s, d: entry.d });
    }
    this.emitTo(session, 'RESUMED', {});
    this.events.emit('resumed', { sessionId: session.id, replayed: session.seq - 1 - seq });
  }

  private sendMemberChunk(session: Session, d: Record<string, unknown>): void {
    const { world } = this.options;
    const guild = typeof d.guild_id === 'string' ? world.guilds.get(d.guild_id) : undefined;
    if (!guild) return;
    const wanted = Array.isArray(d.user_ids) ? d.user_ids.map(String) : typeof d.user_ids === 'string' ? [d.user_ids] : null;
    const query = typeof d.query === 'string' ? d.query.toLowerCase() : '';
    const limit = typeof d.limit === 'number' && d.limit > 0 ? d.limit : Number.POSITIVE_INFINITY;
    const members = [...guild.members.keys()]
      .map((id) => world.user(id))
      .filter((u): u is NonNullable<typeof u> => u !== undefined)
      .filter((u) => (wanted ? wanted.includes(u.id) : u.username.toLowerCase().startsWith(query)))
      .slice(0, limit);
    this.emitTo(session, 'GUILD_MEMBERS_CHUNK', {
      guild_id: guild.id,
      members: members.map((u) => memberPayload(guild, u)),
      chunk_index: 0,
      chunk_count: 1,
      ...(wanted ? { not_found: wanted.filter((id) => !members.some((m) => m.id === id)) } : {}),
      ...(d.nonce !== undefined ? { nonce: d.nonce } : {}),
    });
  }
}
