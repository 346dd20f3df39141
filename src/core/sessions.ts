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

export function isSessionOver(session: SessionTimes, now: number): boolean {
  const end = sessionEnd(session);
  return Number.isNaN(end) || end <= now;
}

/** The sessions still on offer, in the order given. */
export function openSessions<S extends SessionTimes>(sessions: readonly S[], now: number): S[] {
  return sessions.filter((s) => !isSessionOver(s, now));
}

/** An event has ended when its last session has: its own end, or its start without one. */
export function hasEnded(event: SessionTimes, now: number): boolean {
  return isSessionOver(event, now);
}
