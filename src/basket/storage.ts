/**
 * The selected tickets mirrored in sessionStorage under `basket_tickets`,
 * so a page can show the header count before the basket has loaded. The server stays
 * the truth; this is only a hint, so anything unreadable counts as nothing.
 */
import type { SelectedTicket } from "./totals";

export const BASKET_TICKETS_KEY = "basket_tickets";

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function writeSelectedTickets(storage: StorageLike, tickets: readonly SelectedTicket[]): void {
  try {
    if (tickets.length === 0) storage.removeItem(BASKET_TICKETS_KEY);
    else storage.setItem(BASKET_TICKETS_KEY, JSON.stringify(tickets.map(({ id, count }) => ({ id, count }))));
  } catch {
    // storage full or disabled: the header simply waits for the server
  }
}

export function readSelectedTickets(storage: StorageLike): SelectedTicket[] {
  let raw: string | null;
  try {
    raw = storage.getItem(BASKET_TICKETS_KEY);
  } catch {
    return [];
  }
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item: unknown) => {
      const { id, count } = (item ?? {}) as { id?: unknown; count?: unknown };
      return Number.isInteger(id) && Number.isInteger(count) && (count as number) > 0
        ? [{ id: id as number, count: count as number }]
        : [];
    });
  } catch {
    return [];
  }
}

export function countSelected(tickets: readonly SelectedTicket[]): number {
  return tickets.reduce((sum, t) => sum + t.count, 0);
}
