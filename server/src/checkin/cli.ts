/**
 * `npm run checkin -- <command>`: what the organiser does before and after the doors open.
 * Pure over an open database, so the tests run it without a shell.
 */
import QRCode from "qrcode";
import type { Lang } from "../lib/i18n";
import type { CheckinService } from "./checkin-service";
import { reportCsv } from "./report-csv";

export const USAGE = `usage: npm run checkin -- <command>
  list-create --event <id> --name <name> [--sessions 1,2] [--categories 3,4] [--reentry] [--lang en|ru|ar]
                              a gate for an event (or some sessions and categories); prints a pairing link
  pair --list <id> [--lang en|ru|ar]
                              another one-time pairing link (one per phone): the link in each language,
                              the QR code in --lang's (the phone's language; English by default)
  list                        the lists with their counts and devices
  close --list <id>           closes a list: its devices stop working
  report (--list <id> | --event <id>) [--lang en|ru|ar]
                              admissions per category and hour, refusals, conflicts, as CSV
  device-revoke --device <id> a lost or stolen phone stops working
  ticket-revoke --code <code> a cancelled ticket: its code and QR are refused
  key-rotate                  a new signing key for new tickets (the old ones keep verifying)
  help, --help                this text`;

export class UsageError extends Error {}

export function flag(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = argv[i + 1];
  if (value === undefined || value.startsWith("--")) throw new UsageError(`--${name} needs a value`);
  return value;
}
function idFlag(argv: readonly string[], name: string): number {
  const value = flag(argv, name);
  if (value === undefined || !/^[0-9]{1,9}$/.test(value)) throw new UsageError(`--${name} must be a number`);
  return Number(value);
}
function idsFlag(argv: readonly string[], name: string): number[] | undefined {
  const value = flag(argv, name);
  if (value === undefined) return undefined;
  if (!/^[0-9]+(,[0-9]+)*$/.test(value)) throw new UsageError(`--${name} must be comma-joined numbers`);
  return value.split(",").map(Number);
}

const LANGUAGE_NAMES: Record<Lang, string> = { en: "English", ru: "Russian", ar: "Arabic" };

function langFlag(argv: readonly string[]): Lang {
  const lang = flag(argv, "lang") ?? "en";
  if (lang !== "en" && lang !== "ru" && lang !== "ar") throw new UsageError("--lang must be en, ru or ar");
  return lang;
}

/** The link in each language (one token: the first phone to open any of them pairs), the QR code in `lang`'s. */
async function pairingText(service: CheckinService, listId: number, now: number, lang: Lang): Promise<string> {
  const link = await service.pairingLink(listId, now);
  const qr = await QRCode.toString(link.urls[lang], { type: "terminal", small: true, errorCorrectionLevel: "L" });
  const links = (Object.keys(link.urls) as Lang[]).map((l) => `  ${`${LANGUAGE_NAMES[l]}:`.padEnd(9)} ${link.urls[l]}`);
  return `pairing link (one phone, valid 24 h), in the phone's language:\n${links.join("\n")}\nQR code (${LANGUAGE_NAMES[lang]}):\n${qr}`;
}

/** Runs one command and returns what it prints; UsageError for a wrong command line. */
export async function runCheckinCommand(
  argv: readonly string[],
  service: CheckinService,
  now: number,
): Promise<string> {
  const [command, ...rest] = argv;
  switch (command) {
    case "list-create": {
      const name = flag(rest, "name");
      const lang = langFlag(rest);
      if (!name?.trim()) throw new UsageError("--name is required");
      const list = await service.createList(
        {
          eventId: idFlag(rest, "event"),
          name: name.trim(),
          sessionIds: idsFlag(rest, "sessions"),
          categoryIds: idsFlag(rest, "categories"),
          reentry: rest.includes("--reentry"),
        },
        now,
      );
      return `list ${list.id} "${list.name}" for event ${list.eventId}\n${await pairingText(service, list.id, now, lang)}`;
    }
    case "pair":
      return pairingText(service, idFlag(rest, "list"), now, langFlag(rest));
    case "list": {
      const lines: string[] = [];
      for (const l of await service.lists()) {
        const c = await service.counts(l.id);
        const devices = (await service.devices(l.id)).map(
          (d) => `    device ${d.id} ${d.name}${d.revokedAt !== null ? " (revoked)" : ""}`,
        );
        lines.push(
          [
            `list ${l.id} "${l.name}" event ${l.eventId}${l.closedAt !== null ? " (closed)" : ""}: ${c.admitted}/${c.expected} admitted${l.reentry ? ", re-entry" : ""}`,
            ...devices,
          ].join("\n"),
        );
      }
      return lines.length > 0 ? lines.join("\n") : "no lists yet";
    }
    case "close": {
      const list = await service.closeList(idFlag(rest, "list"), now);
      return `list ${list.id} "${list.name}" closed`;
    }
    case "report": {
      const lang = langFlag(rest);
      const event = rest.includes("--event") ? idFlag(rest, "event") : undefined;
      const ids =
        event === undefined
          ? [idFlag(rest, "list")]
          : (await service.lists()).filter((l) => l.eventId === event).map((l) => l.id);
      if (ids.length === 0) throw new UsageError("this event has no lists");
      return reportCsv(await service.report(ids, lang)).trimEnd();
    }
    case "device-revoke": {
      const id = idFlag(rest, "device");
      return (await service.revokeDevice(id, now)) ? `device ${id} revoked` : `device ${id} was revoked already`;
    }
    case "ticket-revoke": {
      const code = flag(rest, "code");
      if (!code) throw new UsageError("--code is required");
      const t = await service.revokeTicket(code, now);
      return `ticket ${t.code} (order ${t.orderNumber}) revoked`;
    }
    case "help":
      return USAGE;
    case "key-rotate":
      return `key ${await service.keys.rotate(now)} signs new tickets from now on`;
    default:
      throw new UsageError(command ? `unknown command ${command}` : "a command is required");
  }
}
