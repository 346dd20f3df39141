/**
 * What the door answers for one scan, as a pure function of the ticket, the gate's list and
 * the ticket's earlier scans. The service (checkin-service.ts) reads those in one
 * transaction and writes the answer, so the first scan of a code wins however many devices
 * send it at once.
 */

/** Every answer a scan can get; `admitted` and `exited` let the person through. */
export const SCAN_STATUSES = [
  "admitted",
  "exited",
  "already_used",
  "not_inside",
  "wrong_event",
  "wrong_session",
  "wrong_category",
  "not_yet_valid",
  "expired",
  "revoked",
  "unknown",
  "forged",
] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

export type Direction = "entry" | "exit";

/** How long a device may take back an admission it made by mistake. */
export const UNDO_WINDOW_MS = 60_000;

/** Doors open this long before a session starts; a ticket is good until this long after it ends. */
export const OPENS_BEFORE_MS = 6 * 3600_000;
export const GOOD_AFTER_MS = 2 * 3600_000;
/** A session without an end is taken to last this long. */
export const ASSUMED_LENGTH_MS = 6 * 3600_000;

/** The window in which a ticket for a session admits (epoch ms). */
export function validityWindow(startedAt: number, finishedAt: number | null): { validFrom: number; validTo: number } {
  return {
    validFrom: startedAt - OPENS_BEFORE_MS,
    validTo: (finishedAt ?? startedAt + ASSUMED_LENGTH_MS) + GOOD_AFTER_MS,
  };
}

export interface TicketFacts {
  eventId: number;
  sessionId: number;
  categoryId: number;
  validFrom: number;
  validTo: number;
  revoked: boolean;
}

export interface GateList {
  eventId: number;
  /** null: every session of the event */
  sessionIds: readonly number[] | null;
  /** null: every category */
  categoryIds: readonly number[] | null;
  /** exit scans let a person out and back in */
  reentry: boolean;
}

/** An earlier scan of the same ticket that still counts (not undone), in scan order. */
export interface PastScan {
  status: "admitted" | "exited";
  at: number;
  device: string;
}

export type Decision =
  | { status: "admitted" | "exited" }
  | { status: "already_used"; at: number; device: string }
  | { status: Exclude<ScanStatus, "admitted" | "exited" | "already_used"> };

/**
 * The answer for a scan at `scannedAt`. Refusals that concern the ticket itself come first
 * (revoked, wrong event, session or category, outside its window); then its history: an
 * entry is refused when the person is inside already, or has been admitted once and the
 * gate does not allow re-entry; an exit needs the person inside.
 */
export function decide(
  ticket: TicketFacts | undefined,
  list: GateList,
  past: readonly PastScan[],
  direction: Direction,
  scannedAt: number,
): Decision {
  if (!ticket) return { status: "unknown" };
  if (ticket.revoked) return { status: "revoked" };
  if (ticket.eventId !== list.eventId) return { status: "wrong_event" };
  if (list.sessionIds && !list.sessionIds.includes(ticket.sessionId)) return { status: "wrong_session" };
  if (list.categoryIds && !list.categoryIds.includes(ticket.categoryId)) return { status: "wrong_category" };
  if (scannedAt < ticket.validFrom) return { status: "not_yet_valid" };
  if (scannedAt > ticket.validTo) return { status: "expired" };
  const last = past.at(-1);
  const inside = last?.status === "admitted";
  if (direction === "exit") return inside && list.reentry ? { status: "exited" } : { status: "not_inside" };
  const lastAdmission = [...past].reverse().find((s) => s.status === "admitted");
  if (lastAdmission && (inside || !list.reentry))
    return { status: "already_used", at: lastAdmission.at, device: lastAdmission.device };
  return { status: "admitted" };
}

/** Whether a device may still take back its admission made (received by the server) at `receivedAt`. */
export const canUndo = (receivedAt: number, now: number): boolean => now - receivedAt <= UNDO_WINDOW_MS;
