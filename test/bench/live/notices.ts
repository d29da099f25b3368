// What players were told, read against the committed decisions (committed.ts): pings posted after
// the decision they announce had ended, and pings plus DMs per person per whole game.
import type { Decision, TrackedGame } from './committed.js';
import type { Fleet, Slot } from './fleet.js';
import type { Notifying } from './observer.js';

/** Whether everyone a ping mentions was asked by the decision (those asked of everyone shrink as people answer). */
const asked = (d: Decision, users: string[]) => users.length > 0 && users.every((u) => d.users.includes(u));

/**
 * The decision a ping announces: the newest one opened by the time it was posted that asks the people
 * it mentions and has the deadline it names (a turn ping prints the deadline's second; a warning, the
 * seconds left when it was worded, so its deadline is at most that far after the post).
 */
export function decisionOf(g: TrackedGame, ping: Notifying): Decision | null {
  const turn = /<t:(\d+):R>/.exec(ping.content);
  const warn = /还剩 (\d+) 秒/.exec(ping.content);
  let found: Decision | null = null;
  for (const d of g.decisions) {
    if (d.openedAt > ping.at || !asked(d, ping.users) || d.deadline === null) continue;
    if (turn && Math.floor(d.deadline / 1000) !== Number(turn[1])) continue;
    if (warn && d.deadline > ping.at + (Number(warn[1]) + 1) * 1000) continue;
    if (!turn && !warn) continue;
    if (!found || d.openedAt >= found.openedAt) found = d;
  }
  return found;
}

export interface PingCheck {
  pings: number;
  late: number;
  /** Pings that announce no decision of their game (their words not understood). */
  unmatched: number;
  /** The latest of the late ones: how long after its decision ended, ms. */
  worstLateMs: number;
  /** When each late one was posted (Date.now()). */
  lateAt: number[];
}

/** Pings posted after their decision ended, among the pings of the given channels (all when omitted). */
export function latePings(fleet: Fleet, channels?: Set<string>): PingCheck {
  const out: PingCheck = { pings: 0, late: 0, unmatched: 0, worstLateMs: 0, lateAt: [] };
  for (const p of fleet.pings) {
    if (channels && !channels.has(p.channelId)) continue;
    const g = fleet.states.byChannel.get(p.channelId);
    if (!g) continue;
    out.pings++;
    const d = decisionOf(g, p);
    if (!d) out.unmatched++;
    else if (d.endedAt !== null && d.endedAt < p.at) {
      out.late++;
      out.lateAt.push(p.at);
      out.worstLateMs = Math.max(out.worstLateMs, p.at - d.endedAt);
    }
  }
  return out;
}

export interface NoticeCount {
  games: number;
  players: number;
  pings: number;
  dms: number;
  ownDecisions: number;
  /** Mean actions of those games. */
  actions: number;
}

/** Pings and DMs each person of the finished games got over the whole game, and their own decisions (`unfinished`: of all games, so far). */
export function notices(fleet: Fleet, slots: Iterable<Slot>, unfinished = false): NoticeCount {
  const out: NoticeCount = { games: 0, players: 0, pings: 0, dms: 0, ownDecisions: 0, actions: 0 };
  for (const s of slots) {
    const g = fleet.gameOf(s);
    if (!g || (!unfinished && (g.finishedAt === null || s.overAt === null))) continue;
    out.games++;
    out.actions += g.state.version;
    for (const u of s.users) {
      out.players++;
      const n = fleet.notified.get(u.id);
      out.pings += n?.pings ?? 0;
      out.dms += n?.dms ?? 0;
      out.ownDecisions += g.decisions.filter((d) => d.users.includes(u.id)).length;
    }
  }
  if (out.games) out.actions /= out.games;
  return out;
}
