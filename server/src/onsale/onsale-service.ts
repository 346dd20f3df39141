import { AsyncLocalStorage } from "node:async_hooks";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { components } from "../../../src/core/generated/basket";
import { type Db, keepMeta } from "../db/database";
import { badRequest, conflict, HttpError, notFound } from "../lib/errors";
import { type RandomBelow, shuffle } from "./shuffle";

export interface OnsaleRow {
  event_id: number;
  opens_at: number;
  rate_per_minute: number | null;
  active_cap: number | null;
  admission_minutes: number;
  shuffled_at: number | null;
  next_position: number;
  admitted_through: number;
  credit_at: number | null;
  closed_at: number | null;
  created_at: number;
}

interface EntryRow {
  id: number;
  position: number | null;
  admitted_at: number | null;
  expires_at: number | null;
  used_at: number | null;
}

export interface OnsaleSettings {
  eventId: number;
  opensAt: number;
  ratePerMinute?: number;
  activeCap?: number;
  admissionMinutes: number;
}

/** What a waiting visitor is shown (the contract's WaitingRoom). */
export type WaitingState = components["schemas"]["WaitingRoom"];

/** The cookie that carries the admission to one event's tickets. */
export const admissionCookie = (eventId: number): string => `admission_${eventId}`;

/** The cookie that carries a waiting visitor's place, so that a poll needs no database read. */
export const placeCookie = (eventId: number): string => `place_${eventId}`;

// the counters are re-read and advanced at most this often per instance; every poll in between is
// answered from memory (with the signed place) or one indexed read of the visitor's place
const TICK_MS = 1000;
const MIN_POLL_S = 2;
const MAX_POLL_S = 60;
const SHUFFLE_BATCH = 500;

/**
 * How long a waiting page waits before asking again: a quarter of its estimated wait, so every
 * visitor asks a few times before their turn whatever their distance to the front (2 s near it, at
 * most a minute far back), spread by ±20 % so that polls of people who joined together drift apart.
 */
export function pollAfterSeconds(waitSeconds: number | null, random: () => number = Math.random): number {
  const base = waitSeconds === null ? MIN_POLL_S : waitSeconds / 4;
  const spread = 0.8 + random() * 0.4;
  return Math.round(Math.min(MAX_POLL_S, Math.max(MIN_POLL_S, base * spread)));
}

const refused = (detail: string): HttpError => new HttpError(403, detail, "waiting_room");

const SQL = {
  open: "SELECT * FROM onsales WHERE closed_at IS NULL",
  one: "SELECT * FROM onsales WHERE event_id = ?",
  entry:
    "SELECT id, position, admitted_at, expires_at, used_at FROM onsale_entries WHERE event_id = ? AND session_id = ?",
  preQueue: "SELECT id, session_id FROM onsale_entries WHERE event_id = ? AND position IS NULL ORDER BY id",
  nextPosition:
    "UPDATE onsales SET next_position = next_position + 1 WHERE event_id = ? AND shuffled_at IS NOT NULL AND closed_at IS NULL RETURNING next_position - 1 AS position",
  passOn:
    "UPDATE onsale_entries SET passed_on = 1 WHERE event_id = ? AND expires_at <= ? AND used_at IS NULL AND passed_on = 0",
  active: "SELECT COUNT(*) AS n FROM onsale_entries WHERE event_id = ? AND expires_at > ?",
  admit:
    "UPDATE onsale_entries SET admitted_at = ?, expires_at = ? WHERE event_id = ? AND position > ? AND position <= ?",
  use: "UPDATE onsale_entries SET used_at = ? WHERE event_id = ? AND session_id = ? AND used_at IS NULL",
};

/**
 * The waiting room of big on-sales. Visitors who come before the opening take a place in a
 * pre-queue, shuffled once at the opening (whoever came first gains nothing); later ones join at the
 * back. Admission moves along the queue as one counter (admitted_through), advanced from the database
 * under the on-sale's lock, at the set rate per minute or up to the cap of active shoppers; an
 * admission is a signed cookie bound to the visitor's session, checked by the basket.
 */
export async function onsaleService(db: Db, now: () => number, rng?: RandomBelow) {
  const key = await keepMeta(db, "onsale_secret", randomBytes(32).toString("base64url"));
  const request = new AsyncLocalStorage<FastifyRequest>();
  let cache: { at: number; rows: Map<number, OnsaleRow> } | undefined;
  const lastTick = new Map<number, number>();
  // the places this instance gave the pre-queue at the opening, by session: the pre-queue's first
  // polls after the opening (all of it within seconds) are answered without reading them back
  // (of the on-sale made at createdAt: another one of the event, shuffled elsewhere, numbers differently)
  const shuffled = new Map<number, { createdAt: number; places: Map<string, number> }>();

  const sign = (eventId: number, sessionId: string, expiresAt: number): string =>
    createHmac("sha256", key).update(`admission:${eventId}:${sessionId}:${expiresAt}`).digest("base64url");
  // bound to the on-sale (its creation time) too: a place in an earlier on-sale of the event is no place in this one
  const signPlace = (row: OnsaleRow, sessionId: string, position: number): string =>
    createHmac("sha256", key)
      .update(`place:${row.event_id}:${row.created_at}:${sessionId}:${position}`)
      .digest("base64url");
  const verified = (expected: string, given: string): boolean => {
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  /** The on-sales not closed, re-read at most once a second per instance. */
  async function openOnsales(at: number): Promise<Map<number, OnsaleRow>> {
    if (cache && at - cache.at < TICK_MS && at >= cache.at) return cache.rows;
    const rows = await db.all<OnsaleRow>(SQL.open);
    cache = { at, rows: new Map(rows.map((r) => [Number(r.event_id), normalize(r)])) };
    return cache.rows;
  }

  /** Gives the pre-queue its places: a random permutation, made once, by whichever instance gets the lock first. */
  async function shuffleOnce(eventId: number, at: number): Promise<void> {
    await db.withTransaction(async () => {
      await db.lock("onsale", [eventId]);
      const row = await db.one<OnsaleRow>(SQL.one, [eventId]);
      if (!row || row.shuffled_at !== null || Number(row.opens_at) > at) return;
      const entries = await db.all<{ id: number; session_id: string }>(SQL.preQueue, [eventId]);
      const sessionOf = new Map(entries.map((e) => [Number(e.id), e.session_id]));
      const order = shuffle([...sessionOf.keys()], rng);
      for (let from = 0; from < order.length; from += SHUFFLE_BATCH) {
        const batch = order.slice(from, from + SHUFFLE_BATCH);
        const cases = batch.map(() => "WHEN ? THEN CAST(? AS BIGINT)").join(" ");
        const params = batch.flatMap((id, i) => [id, from + i + 1]);
        await db.run(
          `UPDATE onsale_entries SET position = CASE id ${cases} END WHERE id IN (${batch.map(() => "?").join(", ")})`,
          [...params, ...batch],
        );
      }
      // admission is counted from the opening, not from whenever the first visitor asked
      await db.run("UPDATE onsales SET shuffled_at = ?, next_position = ?, credit_at = opens_at WHERE event_id = ?", [
        at,
        order.length + 1,
        eventId,
      ]);
      shuffled.set(eventId, {
        createdAt: Number(row.created_at),
        places: new Map(order.map((id, i) => [sessionOf.get(id) ?? "", i + 1])),
      });
    });
  }

  /**
   * Moves admission along the queue: under the on-sale's lock, from what the database says, so any
   * number of instances together admit no more than the rate (or the cap) allows.
   */
  async function advance(eventId: number, at: number): Promise<void> {
    await db.withTransaction(async () => {
      await db.lock("onsale", [eventId]);
      const found = await db.one<OnsaleRow>(SQL.one, [eventId]);
      if (!found) return;
      const row = normalize(found);
      if (row.closed_at !== null || row.shuffled_at === null) return;
      const waiting = row.next_position - 1 - row.admitted_through;
      // an admission not used in its time is given to the next in line
      const passedOn = (await db.run(SQL.passOn, [eventId, at])).changes;
      let admit = 0;
      let creditAt = row.credit_at ?? row.opens_at;
      if (row.rate_per_minute !== null) {
        const rate = row.rate_per_minute;
        const allowance = Math.floor(((at - creditAt) * rate) / 60_000);
        const byRate = Math.min(waiting, allowance);
        // time is spent per admission, rounded up, so the rate is never exceeded; an empty queue stores no burst
        creditAt = byRate === allowance ? creditAt + Math.ceil((allowance * 60_000) / rate) : at;
        admit = Math.min(waiting, byRate + passedOn);
      } else if (row.active_cap !== null) {
        const active = Number((await db.one<{ n: number }>(SQL.active, [eventId, at]))?.n ?? 0);
        admit = Math.max(0, Math.min(waiting, row.active_cap - active));
      }
      if (admit > 0) {
        const expires = at + row.admission_minutes * 60_000;
        await db.run(SQL.admit, [at, expires, eventId, row.admitted_through, row.admitted_through + admit]);
      }
      await db.run("UPDATE onsales SET admitted_through = ?, credit_at = ? WHERE event_id = ?", [
        row.admitted_through + admit,
        creditAt,
        eventId,
      ]);
    });
  }

  /** Keeps the shuffle and the counters moving: at most once a second per instance and on-sale. */
  async function tick(eventId: number, at: number): Promise<void> {
    const last = lastTick.get(eventId) ?? 0;
    if (at - last < TICK_MS && at >= last) return;
    lastTick.set(eventId, at);
    const row = (await openOnsales(at)).get(eventId);
    if (!row || at < row.opens_at) return;
    if (row.shuffled_at === null) await shuffleOnce(eventId, at);
    await advance(eventId, at);
    cache = undefined;
  }

  function estimate(row: OnsaleRow, ahead: number, at: number): number | null {
    const untilOpening = Math.max(0, row.opens_at - at) / 1000;
    if (row.rate_per_minute !== null) return Math.ceil(untilOpening + ((ahead + 1) * 60) / row.rate_per_minute);
    // with a cap, a place frees when a shopper's admission ends: at the latest after admission_minutes
    if (row.active_cap !== null)
      return Math.ceil(untilOpening + Math.ceil((ahead + 1) / row.active_cap) * row.admission_minutes * 60);
    return null;
  }

  async function stateOf(eventId: number, sessionId: string | undefined, at: number): Promise<WaitingState> {
    await tick(eventId, at);
    const open = (await openOnsales(at)).get(eventId);
    const row = open ?? (await closedOrMissing(eventId));
    const base = { event_id: eventId, opens_at: new Date(row.opens_at).toISOString() };
    const none = { position: null, ahead: null, estimated_wait_seconds: null, admission_expires_at: null };
    if (!open) return { ...base, ...none, status: "closed", poll_after_seconds: MAX_POLL_S };
    const entry = sessionId ? await db.one<EntryRow>(SQL.entry, [eventId, sessionId]) : undefined;
    if (!entry) return { ...base, ...none, status: "not_joined", poll_after_seconds: MIN_POLL_S };
    const position = entry.position === null ? null : Number(entry.position);
    if (position === null) return beforeOpening(row, at);
    if (position <= row.admitted_through && entry.expires_at !== null) {
      const expiresAt = Number(entry.expires_at);
      const live = expiresAt > at;
      return {
        ...base,
        ...none,
        position,
        ahead: 0,
        status: live ? "admitted" : "expired",
        admission_expires_at: new Date(expiresAt).toISOString(),
        poll_after_seconds: live
          ? Math.max(MIN_POLL_S, Math.min(MAX_POLL_S, Math.ceil((expiresAt - at) / 1000)))
          : MAX_POLL_S,
      };
    }
    return waiting(row, position, at);
  }

  function beforeOpening(row: OnsaleRow, at: number): WaitingState {
    const untilOpening = Math.max(0, (row.opens_at - at) / 1000);
    // the whole pre-queue asks again just after the opening, spread over ten seconds rather than at once
    const after = untilOpening < MAX_POLL_S / 2 ? untilOpening + 1 + Math.random() * 10 : untilOpening / 2;
    return {
      event_id: row.event_id,
      opens_at: new Date(row.opens_at).toISOString(),
      status: "before_opening",
      position: null,
      ahead: null,
      estimated_wait_seconds: null,
      admission_expires_at: null,
      poll_after_seconds: Math.round(Math.min(MAX_POLL_S, Math.max(MIN_POLL_S, after))),
    };
  }

  function waiting(row: OnsaleRow, position: number, at: number): WaitingState {
    const ahead = Math.max(0, position - row.admitted_through - 1);
    const wait = estimate(row, ahead, at);
    return {
      event_id: row.event_id,
      opens_at: new Date(row.opens_at).toISOString(),
      status: "waiting",
      position,
      ahead,
      estimated_wait_seconds: wait,
      admission_expires_at: null,
      poll_after_seconds: pollAfterSeconds(wait),
    };
  }

  async function closedOrMissing(eventId: number): Promise<OnsaleRow> {
    const row = await db.one<OnsaleRow>(SQL.one, [eventId]);
    if (!row) throw notFound(`event ${eventId} has no waiting room`, "no_waiting_room");
    return normalize(row);
  }

  return {
    /** The request being answered, for the basket's check of the admission cookie (see `guard`). */
    request,

    async create(s: OnsaleSettings): Promise<OnsaleRow> {
      if ((s.ratePerMinute === undefined) === (s.activeCap === undefined))
        throw badRequest("give either an admission rate per minute or a cap of active shoppers");
      const at = now();
      return db.withTransaction(async () => {
        await db.lock("onsale", [s.eventId]);
        if (!(await db.one("SELECT 1 AS found FROM events WHERE id = ?", [s.eventId])))
          throw notFound(`no event ${s.eventId}`);
        const existing = await db.one<OnsaleRow>(SQL.one, [s.eventId]);
        if (existing && existing.closed_at === null)
          throw conflict(`event ${s.eventId} already has an open on-sale; close it first`, "onsale_exists");
        await db.run("DELETE FROM onsale_entries WHERE event_id = ?", [s.eventId]);
        await db.run("DELETE FROM onsales WHERE event_id = ?", [s.eventId]);
        await db.run(
          "INSERT INTO onsales (event_id, opens_at, rate_per_minute, active_cap, admission_minutes, created_at) VALUES (?, ?, ?, ?, ?, ?)",
          [s.eventId, s.opensAt, s.ratePerMinute ?? null, s.activeCap ?? null, s.admissionMinutes, at],
        );
        cache = undefined;
        shuffled.delete(s.eventId);
        return normalize((await db.one<OnsaleRow>(SQL.one, [s.eventId])) as OnsaleRow);
      });
    },

    async list(): Promise<OnsaleRow[]> {
      return (await db.all<OnsaleRow>("SELECT * FROM onsales ORDER BY opens_at, event_id")).map(normalize);
    },

    /** The counters an organiser watches. */
    async status(eventId: number) {
      const row = await closedOrMissing(eventId);
      const at = now();
      const count = async (where: string, params: unknown[] = []) =>
        Number(
          (
            await db.one<{ n: number }>(`SELECT COUNT(*) AS n FROM onsale_entries WHERE event_id = ? ${where}`, [
              eventId,
              ...params,
            ])
          )?.n ?? 0,
        );
      return {
        ...row,
        joined: await count(""),
        waiting: await count("AND admitted_at IS NULL"),
        admitted: await count("AND admitted_at IS NOT NULL"),
        active: await count("AND expires_at > ?", [at]),
        used: await count("AND used_at IS NOT NULL"),
        passed_on: await count("AND passed_on = 1"),
      };
    },

    async close(eventId: number): Promise<boolean> {
      const done = await db.run("UPDATE onsales SET closed_at = ? WHERE event_id = ? AND closed_at IS NULL", [
        now(),
        eventId,
      ]);
      cache = undefined;
      shuffled.delete(eventId);
      return done.changes === 1;
    },

    /** Whether the event has a waiting room, open or closed. */
    async exists(eventId: number): Promise<boolean> {
      if ((await openOnsales(now())).has(eventId)) return true;
      return (await db.one<OnsaleRow>(SQL.one, [eventId])) !== undefined;
    },

    async isOpen(eventId: number): Promise<boolean> {
      return (await openOnsales(now())).has(eventId);
    },

    /**
     * Gives the session its place; the same session asking again keeps the place it has. Before the
     * opening the place is in the pre-queue (numbered by the shuffle); after, at the back. A visitor
     * whose admission ran out unused may join again, at the back.
     */
    async join(eventId: number, sessionId: string): Promise<WaitingState> {
      const at = now();
      const row = (await openOnsales(at)).get(eventId) ?? (await closedOrMissing(eventId));
      if (row.closed_at !== null) return stateOf(eventId, sessionId, at);
      const entry = await db.one<EntryRow>(SQL.entry, [eventId, sessionId]);
      const spent = entry?.expires_at != null && Number(entry.expires_at) <= at;
      if (entry && !spent) return stateOf(eventId, sessionId, at);
      if (at >= row.opens_at && row.shuffled_at === null) await shuffleOnce(eventId, at);
      const given = await db.withTransaction(async () => {
        let opened = at >= row.opens_at;
        if (!opened) {
          // a place in the pre-queue must not be written while the shuffle runs (it would miss it)
          await db.lock("onsale", [eventId]);
          opened = (await db.one<OnsaleRow>(SQL.one, [eventId]))?.shuffled_at != null;
        }
        // after the opening one counter row hands out the places: an atomic increment
        const next = opened ? await db.one<{ position: number }>(SQL.nextPosition, [eventId]) : undefined;
        const position = next ? Number(next.position) : null;
        if (entry)
          await db.run(
            "UPDATE onsale_entries SET position = ?, joined_at = ?, admitted_at = NULL, expires_at = NULL, used_at = NULL, passed_on = 0 WHERE id = ?",
            [position, at, entry.id],
          );
        else {
          const made = await db.run(
            "INSERT INTO onsale_entries (event_id, session_id, joined_at, position) VALUES (?, ?, ?, ?) ON CONFLICT (event_id, session_id) DO NOTHING",
            [eventId, sessionId, at, position],
          );
          // another tab of the same browser joined a moment before: its place is the one kept
          if (made.changes === 0) return "taken";
        }
        return position;
      });
      if (given === "taken") return stateOf(eventId, sessionId, at);
      // the new place is known: the answer needs no second read (the next poll brings the counters up to date)
      return given === null ? beforeOpening(row, at) : waiting(row, given, at);
    },

    state(eventId: number, sessionId: string | undefined): Promise<WaitingState> {
      return stateOf(eventId, sessionId, now());
    },

    /**
     * The signed place of a waiting session, for its cookie: `position.signature`; undefined when
     * the state has no place to sign.
     */
    async place(state: WaitingState, sessionId: string): Promise<string | undefined> {
      // in the pre-queue the place has no number yet: 0 stands for it
      const position = state.status === "before_opening" ? 0 : state.status === "waiting" ? state.position : null;
      if (position === null) return undefined;
      const row = (await openOnsales(now())).get(state.event_id);
      if (!row) return undefined;
      return `${position}.${signPlace(row, sessionId, position)}`;
    },

    /**
     * A poll answered from memory: the place from the session's signed place cookie, the counters
     * from the open on-sales kept for a second. Undefined (the database answers) when the place is
     * not signed for this session and on-sale, or when its turn has come (the admission is read
     * from the database and its cookie set there).
     */
    async fromPlace(eventId: number, sessionId: string, signedPlace: string): Promise<WaitingState | undefined> {
      const at = now();
      await tick(eventId, at);
      const row = (await openOnsales(at)).get(eventId);
      const dot = signedPlace.indexOf(".");
      const signed = Number(signedPlace.slice(0, dot));
      if (!row || dot < 1 || !Number.isSafeInteger(signed) || signed < 0) return undefined;
      if (!verified(signPlace(row, sessionId, signed), signedPlace.slice(dot + 1))) return undefined;
      if (signed === 0 && row.shuffled_at === null) return at < row.opens_at ? beforeOpening(row, at) : undefined;
      // a place in the pre-queue is numbered by the shuffle: known here if this instance made it
      const made = shuffled.get(eventId);
      const position =
        signed !== 0 ? signed : made?.createdAt === row.created_at ? made.places.get(sessionId) : undefined;
      if (position === undefined || position <= row.admitted_through) return undefined;
      return waiting(row, position, at);
    },

    /**
     * Whether the basket must call `guard` for this event: false only when the open on-sales read at
     * most a second ago (this instance's memory, no database read) have none for the event.
     */
    mayGuard(eventId: number, at: number): boolean {
      if (!cache || at - cache.at >= TICK_MS || at < cache.at) return true;
      return cache.rows.has(eventId);
    },

    /** The signed admission of an admitted session, for its cookie: `expiresAt.signature`. */
    admission(eventId: number, sessionId: string, expiresAt: number): string {
      return `${expiresAt}.${sign(eventId, sessionId, expiresAt)}`;
    },

    /**
     * The basket's one check: tickets of an event with an open waiting room need the session's
     * admission (its signed cookie, not expired, made for this session and event); the first use
     * is recorded, so the admission is not passed on to the next in line.
     */
    async guard(sessionId: string, eventId: number, at: number): Promise<void> {
      const row = (await openOnsales(at)).get(eventId);
      if (!row) return;
      const cookie = request.getStore()?.cookies[admissionCookie(eventId)] ?? "";
      const [expires = "", signature = ""] = cookie.split(".");
      const expiresAt = Number(expires);
      const valid = verified(sign(eventId, sessionId, expiresAt), signature) && expiresAt > at;
      if (!valid)
        throw refused(
          "tickets of this event are sold through its waiting room: join the queue and add tickets once you are admitted",
        );
      await db.run(SQL.use, [at, eventId, sessionId]);
    },
  };
}
export type OnsaleService = Awaited<ReturnType<typeof onsaleService>>;

/** PostgreSQL returns BIGINT columns as strings: the row with numbers. */
function normalize(r: OnsaleRow): OnsaleRow {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    event_id: Number(r.event_id),
    opens_at: Number(r.opens_at),
    rate_per_minute: n(r.rate_per_minute),
    active_cap: n(r.active_cap),
    admission_minutes: Number(r.admission_minutes),
    shuffled_at: n(r.shuffled_at),
    next_position: Number(r.next_position),
    admitted_through: Number(r.admitted_through),
    credit_at: n(r.credit_at),
    closed_at: n(r.closed_at),
    created_at: Number(r.created_at),
  };
}
