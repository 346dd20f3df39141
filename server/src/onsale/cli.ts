/**
 * `npm run onsale -- <command>`: the organiser marks a big on-sale and watches its waiting room.
 * Pure over the service, so the tests run it without a shell.
 */
import { flag, UsageError } from "../checkin/cli";
import type { OnsaleService } from "./onsale-service";

export { UsageError };

export const USAGE = `usage: npm run onsale -- <command>
  create --event <id> --opens <ISO time> (--rate <per minute> | --active <cap>) [--admission-minutes 10]
                              a waiting room for the event's on-sale: visitors before the opening are
                              shuffled at --opens, later ones join at the back; the queue is admitted at
                              --rate people a minute, or so that at most --active shop at once; an
                              admission not used within --admission-minutes passes to the next
  list                        the on-sales with their settings
  status --event <id>         the queue's counters (joined, waiting, admitted, active, used, passed on)
  close --event <id>          ends the waiting room: the event's tickets are sold as usual again
  help, --help                this text`;

function count(argv: readonly string[], name: string, max: number): number | undefined {
  const value = flag(argv, name);
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max)
    throw new UsageError(`--${name} must be a whole number from 1 to ${max}`);
  return Number(value);
}

function required(argv: readonly string[], name: string, max = 999_999_999): number {
  const value = count(argv, name, max);
  if (value === undefined) throw new UsageError(`--${name} is required`);
  return value;
}

const iso = (ms: number | null): string => (ms === null ? "-" : new Date(ms).toISOString());

export async function runOnsaleCommand(argv: readonly string[], onsale: OnsaleService): Promise<string> {
  const [command] = argv;
  switch (command) {
    case "create": {
      const eventId = required(argv, "event");
      const opens = flag(argv, "opens");
      // an ISO time with its zone, so that "10:00" is never read in the shell's zone by accident
      if (opens === undefined || !/(Z|[+-]\d\d:?\d\d)$/.test(opens) || Number.isNaN(Date.parse(opens)))
        throw new UsageError("--opens must be an ISO time with its zone, e.g. 2026-12-01T10:00:00+04:00");
      const ratePerMinute = count(argv, "rate", 1_000_000);
      const activeCap = count(argv, "active", 1_000_000);
      if ((ratePerMinute === undefined) === (activeCap === undefined))
        throw new UsageError("give either --rate or --active");
      const admissionMinutes = count(argv, "admission-minutes", 24 * 60) ?? 10;
      const row = await onsale.create({
        eventId,
        opensAt: Date.parse(opens),
        ratePerMinute,
        activeCap,
        admissionMinutes,
      });
      return `waiting room for event ${row.event_id}: opens ${iso(row.opens_at)}, ${
        row.rate_per_minute !== null
          ? `${row.rate_per_minute} admitted a minute`
          : `at most ${row.active_cap} shopping at once`
      }, admissions last ${row.admission_minutes} min`;
    }
    case "list": {
      const rows = await onsale.list();
      if (rows.length === 0) return "no on-sales";
      return [
        "event\topens\trate/min\tactive cap\tadmission min\tstate",
        ...rows.map((r) =>
          [
            r.event_id,
            iso(r.opens_at),
            r.rate_per_minute ?? "-",
            r.active_cap ?? "-",
            r.admission_minutes,
            r.closed_at !== null ? `closed ${iso(r.closed_at)}` : r.shuffled_at !== null ? "open" : "pre-queue",
          ].join("\t"),
        ),
      ].join("\n");
    }
    case "status": {
      const s = await onsale.status(required(argv, "event"));
      return [
        `event ${s.event_id}: ${s.closed_at !== null ? `closed ${iso(s.closed_at)}` : s.shuffled_at !== null ? `open since ${iso(s.opens_at)}` : `opens ${iso(s.opens_at)}`}`,
        `joined ${s.joined}, waiting ${s.waiting}, admitted ${s.admitted} (through place ${s.admitted_through}), active ${s.active}, used ${s.used}, passed on ${s.passed_on}`,
      ].join("\n");
    }
    case "close": {
      const eventId = required(argv, "event");
      return (await onsale.close(eventId))
        ? `waiting room of event ${eventId} closed: its tickets are sold as usual`
        : `event ${eventId} has no open waiting room`;
    }
    case undefined:
    case "help":
      return USAGE;
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}
