/**
 * `npm run promo -- <command>`: the organiser's promo codes. Pure over an open database, so the
 * tests run it without a shell.
 */
import { readFile } from "node:fs/promises";
import { parseBound, toUaeIso } from "../lib/time";
import type { NewPromoCode, PromoRepository } from "./promo-repository";
import { CODE_RE, normalizeCode, type PromoCode } from "./promo-rules";

export const USAGE = `usage: npm run promo -- <command>
  create --code <CODE> (--percent <0-100> | --amount <AED> | --price <AED>)
         [--event <id,id>] [--categories <ticket id,id>] [--uses <n>] [--per-buyer <n>]
         [--from <date or date-time>] [--until <date or date-time>] [--reserve <n> (with --categories)]
                              a code (any case; compared without case): a percentage or a fixed amount
                              off the tickets' price, or a set price per ticket; for some events or
                              ticket categories; a number of uses in all and per buyer; UAE time bounds;
                              n seats in each of its categories set aside for its holders until it is
                              disabled, used up or over (its orders take from them; an unpaid order that
                              expires or is cancelled gives them back)
  import <file.json>          codes from a JSON array of {"code", "percent"|"amount"|"price", "events",
                              "categories", "uses", "per_buyer", "from", "until", "reserve"}; all or none
  list                        the codes with their uses and what is left of their reserves
  disable --code <CODE>       the code stops applying (orders made with it keep their discount) and
                              its reserved seats go back on sale
  count --code <CODE>         how often the code is used (orders not expired or cancelled); for a
                              reserving code, a second line with the seats left per category
  help, --help                this text`;

export class UsageError extends Error {}

/** A code as the command line or an imported file describes it, before it is checked. */
interface CodeSpec {
  code?: unknown;
  percent?: unknown;
  amount?: unknown;
  price?: unknown;
  events?: unknown;
  categories?: unknown;
  uses?: unknown;
  per_buyer?: unknown;
  from?: unknown;
  until?: unknown;
  reserve?: unknown;
}

const FLAGS: Record<string, keyof CodeSpec> = {
  code: "code",
  percent: "percent",
  amount: "amount",
  price: "price",
  event: "events",
  categories: "categories",
  uses: "uses",
  "per-buyer": "per_buyer",
  from: "from",
  until: "until",
  reserve: "reserve",
};

function specFromFlags(argv: readonly string[]): CodeSpec {
  const spec: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]?.startsWith("--") ? argv[i]?.slice(2) : undefined;
    const key = name === undefined ? undefined : FLAGS[name];
    if (key === undefined) throw new UsageError(`unknown argument ${argv[i]}`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith("--")) throw new UsageError(`--${name} needs a value`);
    spec[key] = value;
    i++;
  }
  return spec;
}

function number(value: unknown, what: string, min: number, max = Number.MAX_SAFE_INTEGER): number | null {
  if (value === undefined || value === null) return null;
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  if (!Number.isFinite(n) || n < min || n > max) throw new UsageError(`${what} must be a number from ${min}`);
  return n;
}

function count(value: unknown, what: string): number | null {
  const n = number(value, what, 1);
  if (n !== null && !Number.isInteger(n)) throw new UsageError(`${what} must be a whole number`);
  return n;
}

function ids(value: unknown, what: string): number[] | null {
  if (value === undefined || value === null) return null;
  const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [value];
  const out = list.map((v) => count(v, what) as number);
  if (out.length === 0) throw new UsageError(`${what} must name at least one id`);
  return out;
}

function time(value: unknown, what: string, bound: "lower" | "upper"): number | null {
  if (value === undefined || value === null) return null;
  const at = typeof value === "string" ? parseBound(value, bound) : null;
  if (at === null) throw new UsageError(`${what} must be a date (2026-03-01) or a date-time (2026-03-01T10:00)`);
  // an upper bound is the last millisecond it covers; the code is valid until the one after
  return bound === "upper" ? at + 1 : at;
}

/** Checks a code's description; UsageError names what is wrong. */
export function toNewCode(spec: CodeSpec): NewPromoCode {
  const code = typeof spec.code === "string" ? normalizeCode(spec.code) : "";
  if (!CODE_RE.test(code))
    throw new UsageError("code must be 2 to 40 letters, digits, dashes or underscores, e.g. SPRING10");
  const kinds = (["percent", "amount", "price"] as const).filter((k) => spec[k] !== undefined && spec[k] !== null);
  if (kinds.length !== 1) throw new UsageError(`${code}: give exactly one of percent, amount, price`);
  const kind = kinds[0] as NewPromoCode["kind"];
  const value = number(spec[kind], kind, 0, kind === "percent" ? 100 : 10_000_000) as number;
  const validFrom = time(spec.from, "from", "lower");
  const validUntil = time(spec.until, "until", "upper");
  if (validFrom !== null && validUntil !== null && validUntil <= validFrom)
    throw new UsageError(`${code}: until must be after from`);
  const ticketIds = ids(spec.categories, "categories");
  const reserve = count(spec.reserve, "reserve");
  if (reserve !== null && ticketIds === null)
    throw new UsageError(`${code}: a reserve is set aside in ticket categories: give --categories too`);
  return {
    code,
    kind,
    value,
    eventIds: ids(spec.events, "event"),
    ticketIds,
    maxUses: count(spec.uses, "uses"),
    perBuyer: count(spec.per_buyer, "per-buyer"),
    validFrom,
    validUntil,
    reserve,
  };
}

/** A reserve is taken from seats that are free now: each category must exist and have enough. */
async function checkReserve(code: NewPromoCode, repo: PromoRepository, now: number): Promise<void> {
  if (code.reserve === null) return;
  const free = await repo.freeSeats(code.ticketIds ?? [], now);
  for (const id of code.ticketIds ?? []) {
    const seats = free.get(id);
    if (seats === undefined) throw new UsageError(`${code.code}: there is no ticket category ${id}`);
    if (seats < code.reserve)
      throw new UsageError(
        `${code.code}: category ${id} has ${Math.max(0, seats)} seats free to reserve, not ${code.reserve}`,
      );
  }
}

const reserveText = (left: ReadonlyArray<{ ticketId: number; left: number }>): string =>
  `reserved left ${left.length === 0 ? "none" : left.map((r) => `${r.ticketId}:${r.left}`).join(",")}`;

const describe = (c: PromoCode, uses: number, left?: ReadonlyArray<{ ticketId: number; left: number }>): string =>
  [
    c.code,
    c.kind === "percent" ? `${c.value}%` : c.kind === "amount" ? `${c.value} AED off` : `price ${c.value} AED`,
    `uses ${uses}${c.maxUses === null ? "" : `/${c.maxUses}`}`,
    c.perBuyer === null ? "" : `per buyer ${c.perBuyer}`,
    c.eventIds === null ? "" : `events ${c.eventIds.join(",")}`,
    c.ticketIds === null ? "" : `categories ${c.ticketIds.join(",")}`,
    c.validFrom === null ? "" : `from ${toUaeIso(c.validFrom)}`,
    c.validUntil === null ? "" : `until ${toUaeIso(c.validUntil)}`,
    c.reserve === null ? "" : `reserve ${c.reserve}`,
    left === undefined ? "" : reserveText(left),
    c.disabledAt === null ? "" : `disabled ${toUaeIso(c.disabledAt)}`,
  ]
    .filter(Boolean)
    .join("  ");

/** Runs one command and returns what it prints; UsageError for a wrong command line. */
export async function runPromoCommand(argv: readonly string[], repo: PromoRepository, now: number): Promise<string> {
  const [command, ...rest] = argv;
  const named = async (): Promise<PromoCode> => {
    const spec = specFromFlags(rest);
    const code = typeof spec.code === "string" ? await repo.byCode(normalizeCode(spec.code)) : undefined;
    if (!code) throw new UsageError(spec.code === undefined ? "--code is required" : `no code ${String(spec.code)}`);
    return code;
  };
  switch (command) {
    case "create": {
      const code = toNewCode(specFromFlags(rest));
      await checkReserve(code, repo, now);
      if ((await repo.insert(code, now)) === 0) throw new UsageError(`${code.code} exists already`);
      return `created ${describe({ ...code, id: 0, disabledAt: null }, 0)}`;
    }
    case "import": {
      const file = rest[0];
      if (file === undefined) throw new UsageError("import needs a JSON file");
      let specs: unknown;
      try {
        specs = JSON.parse(await readFile(file, "utf8"));
      } catch (err) {
        throw new UsageError(`${file}: ${(err as Error).message}`);
      }
      if (!Array.isArray(specs)) throw new UsageError(`${file}: must hold a JSON array of codes`);
      const codes = specs.map((s, i) => {
        try {
          return toNewCode((s ?? {}) as CodeSpec);
        } catch (err) {
          throw new UsageError(`${file}, entry ${i + 1}: ${(err as Error).message}`);
        }
      });
      const twice = codes.find((c, i) => codes.findIndex((d) => d.code === c.code) !== i);
      if (twice) throw new UsageError(`${file}: ${twice.code} is given twice`);
      for (const c of codes) if (await repo.byCode(c.code)) throw new UsageError(`${c.code} exists already`);
      for (const c of codes) await checkReserve(c, repo, now);
      for (const c of codes) await repo.insert(c, now);
      return `imported ${codes.length} code${codes.length === 1 ? "" : "s"}`;
    }
    case "list": {
      const codes = await repo.all();
      if (codes.length === 0) return "no promo codes";
      const lines = [];
      for (const c of codes)
        lines.push(
          describe(c, await repo.uses(c.id), c.reserve === null ? undefined : await repo.reservedLeft(c.id, now)),
        );
      return lines.join("\n");
    }
    case "disable": {
      const code = await named();
      return (await repo.disable(code.code, now)) ? `disabled ${code.code}` : `${code.code} was disabled already`;
    }
    case "count": {
      const code = await named();
      const uses = String(await repo.uses(code.id));
      return code.reserve === null ? uses : `${uses}\n${reserveText(await repo.reservedLeft(code.id, now))}`;
    }
    case undefined:
    case "help":
      return USAGE;
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}
