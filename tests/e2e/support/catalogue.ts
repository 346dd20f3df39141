/**
 * The sample catalogue as the end-to-end tests use it, and the fixture that hands each test
 * its own tickets from it.
 *
 * Test files run side by side against one server, and a test that holds or buys tickets
 * changes what is left for the others. So no test picks an event by itself: it asks
 * `claim()` for what it needs (how many ticket categories, how many tickets of each, paid or
 * free, or categories to itself alone), and the claim is written in a ledger shared by every
 * test process of the run. A category is handed out only while it has room for every claim
 * on it, a category claimed alone is handed to nobody else, and events nobody holds yet come
 * first. Where to start looking is the test file's name hashed over the candidates, so a
 * file gets the same events run after run, and adding a test file needs no knowledge of the
 * others.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { processRuns } from "../../../lib/processes";
import type { components } from "../../../src/core/generated/catalogue";
import type { Lang } from "../../../src/core/routes";
import { API_URL } from "./browser";

/** A ticket category of a session, as the catalogue contract describes it. */
export type Offer = components["schemas"]["TicketOffer"];

export interface ShopEvent {
  id: number;
  eventSourceId: number;
  title: string;
  status: string;
  sessions: number;
  /** the first session's ticket categories: the ones the event page's picker shows first */
  offers: Offer[];
  /** every session with its own categories, earliest first */
  dates: Array<{ startedAt: string; finishedAt: string | null; offers: Offer[] }>;
}

/** GET of the local server's API; fails on anything but a success. */
export async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${API_URL}${path}`);
  assert.equal(res.ok, true, `${path}: ${res.status}`);
  return (await res.json()) as T;
}

function sessionsOf(
  event: { eventSourceId: number },
  lang: Lang,
): Promise<Array<{ started_at: string; finished_at?: string | null; tickets: Offer[] }>> {
  return getJson(`/v2/dates_prices?event_source_id=${event.eventSourceId}&currency=AED&source_id=2&lang=${lang}`);
}

/** Every upcoming event of the catalogue with its ticket categories (AED) as they are now. */
export async function catalogueEvents(): Promise<ShopEvent[]> {
  const list = await getJson<{
    results: Array<{ id: number; event_source_id: number; title: string; status: string }>;
  }>("/v1/events?lang=en&page_size=100&date_type=active");
  return Promise.all(
    list.results.map(async (e) => {
      const event = { id: e.id, eventSourceId: e.event_source_id, title: e.title, status: e.status };
      const sessions = await sessionsOf(event, "en");
      return {
        ...event,
        sessions: sessions.length,
        offers: sessions[0]?.tickets ?? [],
        dates: sessions.map((d) => ({ startedAt: d.started_at, finishedAt: d.finished_at ?? null, offers: d.tickets })),
      };
    }),
  );
}

/** A ticket category's title as the catalogue gives it in `lang`. */
export async function offerTitle(event: ShopEvent, offerId: number, lang: Lang): Promise<string> {
  const sessions = await sessionsOf(event, lang);
  const found = sessions.flatMap((s) => s.tickets).find((t) => t.id === offerId);
  assert.ok(found, `ticket category ${offerId} is not on sale for event ${event.id}`);
  return found.title;
}

export interface Need {
  /** tickets the test holds of each category at most at once (and every category allows in one order) */
  tickets: number;
  /** how many ticket categories of one event; 1 unless told */
  categories?: number;
  /** free tickets rather than paid ones */
  free?: boolean;
  /** an event with one session only, so the picker has no date to choose */
  oneSession?: boolean;
  /** one category from each of this many sessions of one event (instead of `categories` of its first) */
  sessions?: number;
  /** an event whose session has begun and runs for days (a festival on now) */
  onNow?: boolean;
  /**
   * The categories to this test alone, before and after: for a test that empties a
   * category, which another test's tickets would change.
   */
  alone?: boolean;
  /** a further condition on each category, read from the catalogue before any claim */
  offer?: (offer: Offer) => boolean;
}

export interface Claim {
  event: ShopEvent;
  /** `need.categories` categories of the event, each with room for `need.tickets` */
  offers: Offer[];
  /** the first of `offers` */
  offer: Offer;
}

/** Tickets a category keeps beyond every claim on it, so no test meets the last few. */
const SPARE = 5;

interface Ledger {
  /** tickets claimed per category id */
  taken: Record<string, number>;
  /** the categories claimed alone */
  alone: Record<string, true>;
  /** claims per event id */
  events: Record<string, number>;
}

/**
 * The ledger lives in a directory of the test runner's process (each test file is a child of
 * `node --test`), so a new run starts empty; ledgers of runs that ended are removed.
 */
const LEDGER_ROOT = join(tmpdir(), "uae-tickets-e2e-claims");
const LEDGER_DIR = join(LEDGER_ROOT, String(process.ppid));
const LEDGER_FILE = join(LEDGER_DIR, "ledger.json");
const LOCK_DIR = join(LEDGER_DIR, "lock");

function removeEndedLedgers(): void {
  for (const name of readdirSync(LEDGER_ROOT)) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid !== process.ppid && !processRuns(pid))
      rmSync(join(LEDGER_ROOT, name), { recursive: true, force: true });
  }
}

/** Runs `change` on the ledger while no other test process can (mkdir is atomic). */
async function withLedger<T>(change: (ledger: Ledger) => T): Promise<T> {
  mkdirSync(LEDGER_DIR, { recursive: true });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      assert.ok(Date.now() < deadline, `the claims ledger ${LOCK_DIR} stayed locked`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  try {
    let ledger: Ledger = { taken: {}, alone: {}, events: {} };
    try {
      ledger = JSON.parse(readFileSync(LEDGER_FILE, "utf8")) as Ledger;
    } catch {
      removeEndedLedgers();
    }
    const result = change(ledger);
    writeFileSync(LEDGER_FILE, JSON.stringify(ledger));
    return result;
  } finally {
    rmdirSync(LOCK_DIR);
  }
}

/** The test file's name: it decides where among the candidates this file's claims start. */
const CLAIMANT = basename(process.argv[1] ?? "e2e");

function spread(eventId: number): string {
  return createHash("sha256").update(`${CLAIMANT}:${eventId}`).digest("hex");
}

/** Tickets of the sample catalogue that no other test of this run can take; see the top of the file. */
export async function claim(need: Need): Promise<Claim> {
  const categories = need.categories ?? 1;
  const events = await catalogueEvents();
  const fits = (o: Offer) =>
    (o.price === 0) === (need.free ?? false) &&
    o.max_per_order >= need.tickets &&
    o.available >= need.tickets + SPARE &&
    (need.offer?.(o) ?? true);
  const now = Date.now();
  const onNow = (e: ShopEvent) =>
    e.dates.some(
      (d) => Date.parse(d.startedAt) <= now && d.finishedAt !== null && Date.parse(d.finishedAt) - now > 24 * 3600_000,
    );
  const candidates = events
    .filter((e) => e.status === "on_sale" && (!need.oneSession || e.sessions === 1))
    .filter((e) => !need.onNow || onNow(e))
    .filter((e) =>
      need.sessions
        ? e.dates.filter((d) => d.offers.some(fits)).length >= need.sessions
        : e.offers.filter(fits).length >= categories,
    );
  const found = await withLedger((ledger) => {
    const taken = (o: Offer) => ledger.taken[o.id] ?? 0;
    const room = (o: Offer) =>
      !ledger.alone[o.id] && (need.alone ? taken(o) === 0 : o.available - taken(o) >= need.tickets + SPARE);
    // the roomiest categories first, so the few small ones stay for the tests that need them
    const roomiest = (offers: Offer[]) =>
      offers.filter((o) => fits(o) && room(o)).sort((a, b) => b.available - taken(b) - (a.available - taken(a)));
    // with `sessions`: the roomiest category of each session, in the sessions' order
    const usable = (e: ShopEvent) =>
      need.sessions
        ? e.dates.flatMap((d) => roomiest(d.offers).slice(0, 1)).slice(0, need.sessions)
        : roomiest(e.offers);
    const wanted = need.sessions ?? categories;
    const held = (e: ShopEvent) => ledger.events[e.id] ?? 0;
    const event = candidates
      .filter((e) => usable(e).length >= wanted)
      .sort((a, b) => held(a) - held(b) || spread(a.id).localeCompare(spread(b.id)))[0];
    if (!event) return undefined;
    const offers = usable(event).slice(0, wanted);
    const [offer] = offers;
    if (!offer) return undefined;
    for (const o of offers) {
      ledger.taken[o.id] = taken(o) + need.tickets;
      if (need.alone) ledger.alone[o.id] = true;
    }
    ledger.events[event.id] = held(event) + 1;
    return { event, offers, offer };
  });
  assert.ok(found, `the sample catalogue has no unclaimed event for ${JSON.stringify(need)} (${CLAIMANT})`);
  return found;
}
