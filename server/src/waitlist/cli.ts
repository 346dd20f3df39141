/**
 * `usage: npm run waitlist -- <command>`: the organiser's view of the waiting lists, closing them,
 * and adding seats (server/scripts/waitlist.ts runs it on the server's database).
 */
import type { AppDeps } from "../deps";
import { pick } from "../lib/i18n";

export const USAGE = `usage: npm run waitlist -- <command>

  list [--event <id>]
      Every ticket category with a waiting list (or those of one event): how many people wait
      and for how many tickets, how many hold an offer, how many took one, and whether the
      list is closed.

  close --event <id> [--category <id>]
      Closes the waiting lists of an event (or of one of its ticket categories): nobody can
      join any more, and everyone waiting is told by e-mail and taken off. Offers already made
      stay valid until they end.

  add-seats --category <id> --count <n>
      Adds n seats to a ticket category. The people waiting get them first: offers go out at
      once, and what nobody waits for goes on sale.

  --help
      This text.

Works on the server's database (DATABASE_URL or DATABASE_PATH), also while the server runs;
the e-mails are queued there and the running server sends them. Settings: docs/WAITLIST.md.`;

export class UsageError extends Error {}

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith("--")) throw new UsageError(`${name} needs a value`);
  return value;
}

function id(args: readonly string[], name: string, required: true): number;
function id(args: readonly string[], name: string, required: false): number | undefined;
function id(args: readonly string[], name: string, required: boolean): number | undefined {
  const value = option(args, name);
  if (value === undefined) {
    if (required) throw new UsageError(`${name} is required`);
    return undefined;
  }
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n) || n < 1)
    throw new UsageError(`${name} must be a whole number above 0, not "${value}"`);
  return n;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Runs one command; returns what to print. Bad arguments throw UsageError, unknown ids an HttpError. */
export async function runWaitlistCommand(args: readonly string[], deps: AppDeps): Promise<string> {
  const [command, ...rest] = args;
  const { waitlist } = deps;
  if (command === "list") {
    const lists = await waitlist.repo.summaries(id(rest, "--event", false));
    if (lists.length === 0) return "No waiting lists.";
    return lists
      .map((l) => {
        const event = deps.catalogue.data.eventsById.get(l.eventId);
        const title = event ? ` “${pick(event.title, "en")}”` : "";
        return [
          `event ${l.eventId}${title}, category ${l.ticketId}${l.closed ? " (closed)" : ""}:`,
          `${plural(l.waiting, "person", "people")} waiting for ${plural(l.waitingTickets, "ticket", "tickets")},`,
          `${plural(l.offered, "offer", "offers")} running (${plural(l.offeredTickets, "ticket", "tickets")} held),`,
          `${l.claimed} taken`,
        ].join(" ");
      })
      .join("\n");
  }
  if (command === "close") {
    const eventId = id(rest, "--event", true);
    const told = await waitlist.close(eventId, id(rest, "--category", false));
    return `Closed. ${plural(told, "person was", "people were")} waiting; each gets an e-mail.`;
  }
  if (command === "add-seats") {
    const ticketId = id(rest, "--category", true);
    const count = id(rest, "--count", true);
    const offers = await waitlist.addSeats(ticketId, count);
    return `Added ${plural(count, "seat", "seats")} to category ${ticketId}; ${plural(offers, "offer", "offers")} made to people waiting.`;
  }
  throw new UsageError(command === undefined ? "a command is required" : `unknown command "${command}"`);
}
