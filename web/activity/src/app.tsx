// The table as the viewer's seat sees it: the seats round an oval (the viewer at the bottom), the
// intel in transit moving between them, the stack, whose decision it is with its clock, the hand as
// cards, what the viewer may do now (the engine's legal actions, 过 and 本回合不再响应 among them), what
// only they know, and the log. Every word comes from src/i18n (the frame's own words are made by the
// bot in the viewer's language); every control is a button, reachable and named for a screen reader.
import { useEffect, useState } from 'preact/hooks';
import { t, type Locale, type MessageKey } from '../../../src/i18n/index.js';
import type { Frame, SeatWords, ServerMessage } from '../../../src/activity/protocol.js';
import { connect, type Link, type Status } from './connect.js';

const guessLocale = (): Locale => (navigator.language.startsWith('en') ? 'en' : 'zh-CN');

const STATUS_KEYS: Record<Status, MessageKey> = {
  signIn: 'act.signIn',
  connecting: 'act.connecting',
  open: 'act.connecting',
  reconnecting: 'act.reconnecting',
  signInFailed: 'act.signInFailed',
  forbidden: 'act.forbidden',
  notInInstance: 'act.notInInstance',
};

export function App() {
  const [status, setStatus] = useState<Status>('signIn');
  const [frame, setFrame] = useState<Frame | null>(null);
  const [none, setNone] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [link, setLink] = useState<Link | null>(null);
  useEffect(() => {
    const on = (msg: ServerMessage) => {
      if (msg.t === 'frame') {
        setFrame(msg);
        setNone(null);
        // The game moved on: an old refusal no longer applies.
        setRefused(null);
      } else if (msg.t === 'none') setNone(msg.text);
      else setRefused(msg.text);
    };
    void connect(on, setStatus).then(setLink);
  }, []);
  const l = frame?.locale ?? guessLocale();
  useEffect(() => {
    document.documentElement.lang = l;
    document.title = t(l, 'act.title');
  }, [l]);
  const shown = status === 'open' ? null : t(l, STATUS_KEYS[status]);
  return (
    <main data-status={status} data-version={frame?.view.version ?? -1} data-game={frame?.game ?? ''}>
      {shown && (
        <p class="banner" role="status">
          {shown}
        </p>
      )}
      {none && !frame && <p class="banner">{none}</p>}
      {frame && <Table f={frame} l={l} link={link} refused={refused} />}
    </main>
  );
}

function Table({ f, l, link, refused }: { f: Frame; l: Locale; link: Link | null; refused: string | null }) {
  const v = f.view;
  const me = f.seat;
  return (
    <div class="layout">
      <header>
        <h1>{f.title}</h1>
        <p class="piles">{f.piles}</p>
        {me === null && <p class="spectator">{t(l, 'act.spectator')}</p>}
        {me !== null && v.identity && <p class="identity">{t(l, 'act.identity', { identity: f.seats[me].identity ?? '' })}</p>}
        {me !== null && f.seats[me].character && <p class="character">{t(l, 'act.character', { character: f.seats[me].character ?? '' })}</p>}
      </header>
      <section class="board" aria-label={t(l, 'act.board')}>
        <Oval f={f} l={l} />
        <Decision f={f} l={l} />
      </section>
      {f.result && (
        <section class="result" aria-label={t(l, 'act.result')}>
          <h2>{t(l, 'act.result')}</h2>
          {f.yours && <p class="yours">{f.yours}</p>}
          <p>{f.result}</p>
        </section>
      )}
      {me !== null && !f.result && <Actions f={f} l={l} link={link} refused={refused} />}
      {f.characters.length > 0 && (
        <section class="characters" aria-labelledby="chars-h">
          <h2 id="chars-h">{t(l, 'act.characters')}</h2>
          {f.characters.map((c) => (
            <div key={c.name} class="character-card">
              <strong>{c.name}</strong>
              <p class="skills">{c.skills}</p>
            </div>
          ))}
        </section>
      )}
      {me !== null && <Hand f={f} l={l} />}
      {f.secrets.length > 0 && (
        <section class="secrets" aria-label={t(l, 'act.secrets')}>
          <h2>{t(l, 'act.secrets')}</h2>
          <ul>
            {f.secrets.map((s, k) => (
              <li key={k}>{s}</li>
            ))}
          </ul>
        </section>
      )}
      <section class="log" aria-labelledby="log-h">
        <h2 id="log-h">{t(l, 'act.log')}</h2>
        <div role="log" aria-labelledby="log-h">
          <ol>
            {f.log.map((s, k) => (
              <li key={k}>{s}</li>
            ))}
          </ol>
        </div>
      </section>
    </div>
  );
}

/** Where seat `k` of `n` sits round the oval, the viewer's own seat at the bottom (percentages). */
function spot(k: number, n: number, me: number | null): { x: number; y: number } {
  const a = Math.PI / 2 + ((k - (me ?? 0)) * 2 * Math.PI) / n;
  return { x: 50 + 42 * Math.cos(a), y: 50 + 40 * Math.sin(a) };
}

function Oval({ f, l }: { f: Frame; l: Locale }) {
  const v = f.view;
  const n = v.players.length;
  const at = v.transit ? spot(v.transit.at, n, f.seat) : null;
  return (
    <div class="oval">
      <ul class="seats" aria-label={t(l, 'act.seatsLabel')}>
        {f.seats.map((s) => (
          <Seat key={s.seat} s={s} f={f} l={l} pos={spot(s.seat, n, f.seat)} />
        ))}
      </ul>
      {at && <div class="token" aria-hidden="true" style={{ left: `${at.x}%`, top: `${at.y}%` }} />}
      <div class="middle">
        {f.transit && (
          <p class="transit">
            <span class="label">{t(l, 'act.transitLabel')}：</span>
            {f.transit}
          </p>
        )}
        {f.stack.length > 0 && (
          <div class="stack">
            <h2>{t(l, 'act.stack')}</h2>
            <ol>
              {f.stack.map((s, k) => (
                <li key={k}>{s}</li>
              ))}
            </ol>
          </div>
        )}
      </div>
    </div>
  );
}

function Seat({ s, f, l, pos }: { s: SeatWords; f: Frame; l: Locale; pos: { x: number; y: number } }) {
  const p = f.view.players[s.seat];
  const intel = s.intel.length ? s.intel.map((c) => c.label).join('、') : t(l, 'act.noIntel');
  const classes = ['seat', s.seat === f.view.current && !f.result ? 'current' : '', s.seat === f.decider ? 'deciding' : '', !p.alive || p.out ? 'gone' : '', s.seat === f.seat ? 'mine' : ''];
  return (
    <li class={classes.join(' ')} data-seat={s.seat} style={{ left: `${pos.x}%`, top: `${pos.y}%` }} aria-label={t(l, 'act.seat', { name: s.name, hand: p.handCount, intel })}>
      <strong class="name">
        {s.name}
        {s.seat === f.seat ? ` (${t(l, 'act.you')})` : ''}
      </strong>
      {s.identity && <span class="tag identity">{s.identity}</span>}
      {s.character && <span class="tag character">{s.character}</span>}
      {s.tags.map((tag) => (
        <span key={tag} class="tag">
          {tag}
        </span>
      ))}
      <span class="count">{t(l, 'act.handCount', { count: p.handCount })}</span>
      <span class="intel">
        {s.intel.map((c) => (
          // The name alone, its colour the chip's edge (the whole words in its title and the seat's label):
          // seven seats' intel at a game's end fits round the oval without one seat covering another.
          <span key={c.id} class={`chip c-${c.color}`} data-card={c.id} title={c.label}>
            {c.name}
          </span>
        ))}
      </span>
    </li>
  );
}

/** Whose decision it is, with its clock counting down (the game's clock, as the bot sent it). */
function Decision({ f, l }: { f: Frame; l: Locale }) {
  const deadline = f.view.pending?.deadline;
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (deadline === undefined || f.result) return setLeft(null);
    const offset = f.now - Date.now();
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - (Date.now() + offset)) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline, f.now, f.result]);
  if (!f.status) return null;
  return (
    <p class="decision">
      <span role="status">{f.status}</span>
      {/* Read on demand, not announced every second. */}
      {left !== null && <span class="countdown" aria-live="off">{` · ${t(l, 'act.countdown', { seconds: left })}`}</span>}
    </p>
  );
}

function Actions({ f, l, link, refused }: { f: Frame; l: Locale; link: Link | null; refused: string | null }) {
  const opened = f.view.pending?.opened ?? f.view.version;
  const act = (k: number) => link?.send({ t: 'act', opened, action: f.actions[k].action });
  return (
    <section class="actions" aria-labelledby="actions-h">
      <h2 id="actions-h">{t(l, 'act.actions')}</h2>
      {f.asked && <p class="asked">{f.asked}</p>}
      {f.windowMs !== null && f.asked && <p class="clock">{t(l, 'act.clock', { seconds: Math.round(f.windowMs / 1000) })}</p>}
      {f.actions.length === 0 && !f.result && <p>{t(l, 'act.nothing')}</p>}
      <div class="buttons">
        {f.actions.map((a, k) => (
          <button key={`${opened}:${k}`} type="button" class={a.action.kind === 'pass' ? 'pass' : ''} data-kind={a.action.kind} onClick={() => act(k)}>
            {a.label}
          </button>
        ))}
        {f.quiet !== null && (
          <button type="button" class="quiet" aria-pressed={f.quiet} data-kind="quiet" onClick={() => link?.send({ t: 'quiet', on: !f.quiet })}>
            {t(l, 'btn.quiet')}
          </button>
        )}
      </div>
      {refused && (
        <p class="refused" role="alert">
          {refused}
        </p>
      )}
    </section>
  );
}

function Hand({ f, l }: { f: Frame; l: Locale }) {
  return (
    <section class="hand" aria-labelledby="hand-h">
      <h2 id="hand-h">{t(l, 'act.hand')}</h2>
      {f.hand.length === 0 && <p>{t(l, 'act.handEmpty')}</p>}
      <ul>
        {f.hand.map((c) => {
          const color = f.view.hand?.find((h) => h.id === c.id)?.color ?? '';
          return (
            <li key={c.id} class={`card c-${color}`} data-card={c.id} aria-label={`${c.label}。${c.effect}`}>
              <strong>{c.name}</strong>
              <span class="meta">
                {c.color} · {c.mode}
              </span>
              {c.name === '试探' && <span class="probe">{c.label}</span>}
              <span class="effect">{c.effect}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
