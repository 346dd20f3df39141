/**
 * Which sessions can still be bought. A session is over once its end has passed, or its
 * start when it has no end: a festival day that began this morning and runs until
 * midnight is still on sale, yesterday's concert is not. The server refuses them as well;
 * the site does not offer them in the first place.
 */
export interface SessionTimes {
  startedAt: string;
  finishedAt: string | null;
}

export function sessionEnd(session: SessionTimes): number {
  return Date.parse(session.finishedAt ?? session.startedAt);
}

/** The one rule: a session is over once its end (its start when it has none) is not after `now`. */
const endedBy = (end: number, now: number): boolean => Number.isNaN(end) || end <= now;

export function isSessionOver(session: SessionTimes, now: number): boolean {
  return endedBy(sessionEnd(session), now);
}

/** The same rule on a session stored as epoch milliseconds (the server's tickets). */
export function isStoredSessionOver(session: { startedAt: number; finishedAt: number | null }, now: number): boolean {
  return endedBy(session.finishedAt ?? session.startedAt, now);
}

/** The sessions still on offer, in the order given. */
export function openSessions<S extends SessionTimes>(sessions: readonly S[], now: number): S[] {
  return sessions.filter((s) => !isSessionOver(s, now));
}

/** An event has ended when its last session has: its own end, or its start without one. */
export function hasEnded(event: SessionTimes, now: number): boolean {
  return isSessionOver(event, now);
}

/** The tickets of one event for one of its sessions: how an order lists them. */
export interface SessionLines<T extends { startedAt: string | null; endsAt?: string | null }> {
  startedAt: string | null;
  endsAt: string | null;
  tickets: T[];
}

/**
 * An event's tickets by session, earliest first (tickets without a session last): each line
 * is listed under its own date, never under the event's first one.
 */
export function bySession<T extends { startedAt: string | null; endsAt?: string | null }>(
  tickets: readonly T[],
): Array<SessionLines<T>> {
  const groups = new Map<string, SessionLines<T>>();
  for (const ticket of tickets) {
    const key = ticket.startedAt === null ? "" : String(Date.parse(ticket.startedAt));
    let group = groups.get(key);
    if (!group) {
      group = { startedAt: ticket.startedAt, endsAt: ticket.endsAt ?? null, tickets: [] };
      groups.set(key, group);
    }
    group.tickets.push(ticket);
  }
  const at = (g: SessionLines<T>) => (g.startedAt === null ? Number.POSITIVE_INFINITY : Date.parse(g.startedAt));
  return [...groups.values()].sort((a, b) => at(a) - at(b));
}
