/**
 * What the wallets need, in SQL: the facts of one issued ticket (its order, event, session,
 * venue and category, read live, so a moved session or venue shows in the next pass), and the
 * PassKit web service's own tables: which device holds which pass, and when each pass last
 * changed (the update tag the devices ask with).
 */
import { randomBytes } from "node:crypto";
import { type Db, keepMeta } from "../db/database";
import { type I18nText, isLang, type Lang, parseI18n } from "../lib/i18n";
import type { StoredTicket } from "../orders/orders-repository";

/** Everything a pass says about one ticket, in every language the catalogue has. */
export interface PassFacts {
  /** the ticket's code: the pass's serial number */
  serial: string;
  /** exactly what the ticket's QR code holds (ETicket.qr), or the code for tickets issued before signing */
  qr: string;
  orderId: string;
  orderNumber: string;
  /** the order's language: the pass's own */
  lang: Lang;
  holder: string;
  /** the ticket's place in its order, from 1 */
  index: number;
  count: number;
  eventId: number;
  eventTitle: I18nText;
  venue: {
    title: I18nText;
    address: I18nText | null;
    latitude: number | null;
    longitude: number | null;
  };
  hall: I18nText | null;
  category: I18nText;
  /** the session, epoch ms */
  startsAt: number;
  endsAt: number | null;
  /** the validity the QR code's signature carries, epoch ms */
  validTo: number;
  /** revoked, or its order cancelled */
  voided: boolean;
}

type FactsDb = {
  code: string;
  order_id: string;
  order_number: string;
  holder: string;
  event_id: number;
  valid_to: number;
  revoked_at: number | null;
  status: string;
  lang: string;
  name: string;
  tickets_json: string | null;
  event_title: string;
  place_title: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  hall_title: string | null;
  category: string;
  started_at: number;
  finished_at: number | null;
};

const SQL = {
  facts: `SELECT i.code, i.order_id, i.order_number, i.holder, i.event_id, i.valid_to, i.revoked_at,
      o.status, o.lang, o.name, o.tickets_json,
      e.title AS event_title, p.title AS place_title, p.address, p.latitude, p.longitude, h.title AS hall_title,
      t.title AS category, s.started_at, s.finished_at
    FROM issued_tickets i
    JOIN orders o ON o.id = i.order_id
    JOIN events e ON e.id = i.event_id
    JOIN places p ON p.id = e.place_id
    LEFT JOIN halls h ON h.id = e.hall_id
    JOIN tickets t ON t.id = i.ticket_id
    JOIN event_sessions s ON s.id = CASE WHEN i.session_id > 0 THEN i.session_id ELSE t.session_id END
    WHERE i.code = ?`,
  order: "SELECT id, status, tickets_json FROM orders WHERE id = ?",
  register: `INSERT INTO wallet_registrations (device_id, pass_type_id, serial, push_token, created_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (device_id, pass_type_id, serial) DO UPDATE SET push_token = excluded.push_token`,
  registered: "SELECT 1 AS found FROM wallet_registrations WHERE device_id = ? AND pass_type_id = ? AND serial = ?",
  unregister: "DELETE FROM wallet_registrations WHERE device_id = ? AND pass_type_id = ? AND serial = ?",
  forgetToken: "DELETE FROM wallet_registrations WHERE push_token = ?",
  serialsOf: `SELECT r.serial, COALESCE(w.updated_at, 0) AS updated_at FROM wallet_registrations r
    LEFT JOIN wallet_passes w ON w.serial = r.serial WHERE r.device_id = ? AND r.pass_type_id = ?`,
  registeredSerials: "SELECT DISTINCT serial FROM wallet_registrations",
  devicesOf: "SELECT DISTINCT push_token, pass_type_id FROM wallet_registrations WHERE serial = ?",
  pass: "SELECT fingerprint, updated_at FROM wallet_passes WHERE serial = ?",
  firstPass:
    "INSERT INTO wallet_passes (serial, fingerprint, updated_at) VALUES (?, ?, ?) ON CONFLICT (serial) DO NOTHING",
  // compare-and-set: of the instances that see the same change at once, one records it
  changePass: "UPDATE wallet_passes SET fingerprint = ?, updated_at = ? WHERE serial = ? AND fingerprint = ?",
} as const;

export function walletRepository(db: Db) {
  const ticketsOf = (json: string | null): StoredTicket[] => (json ? (JSON.parse(json) as StoredTicket[]) : []);

  /**
   * Records what a pass is built from now; when that differs from what was recorded, the pass
   * counts as changed at `now`. Answers the pass's update time and whether it just changed.
   */
  async function touch(
    serial: string,
    fingerprint: string,
    now: number,
  ): Promise<{ updatedAt: number; changed: boolean }> {
    const read = () => db.one<{ fingerprint: string; updated_at: number }>(SQL.pass, [serial]);
    const row = await read();
    if (row?.fingerprint === fingerprint) return { updatedAt: row.updated_at, changed: false };
    if (!row) {
      await db.run(SQL.firstPass, [serial, fingerprint, now]);
      return { updatedAt: (await read())?.updated_at ?? now, changed: false };
    }
    // the tag only grows, even if the clock steps back
    const at = Math.max(now, row.updated_at + 1);
    if ((await db.run(SQL.changePass, [fingerprint, at, serial, row.fingerprint])).changes === 1)
      return { updatedAt: at, changed: true };
    // another instance recorded a change meanwhile: the change is its to announce
    return touch(serial, fingerprint, now);
  }

  return {
    /** The facts of the ticket with this code, or undefined when no such ticket was issued. */
    async facts(serial: string): Promise<PassFacts | undefined> {
      const r = await db.one<FactsDb>(SQL.facts, [serial]);
      if (!r) return undefined;
      const tickets = ticketsOf(r.tickets_json);
      const at = tickets.findIndex((t) => t.code === r.code);
      const stored = tickets[at];
      return {
        serial: r.code,
        qr: stored?.qr ?? r.code,
        orderId: r.order_id,
        orderNumber: r.order_number,
        lang: isLang(r.lang) ? r.lang : "en",
        holder: r.holder || r.name,
        index: at + 1 || 1,
        count: Math.max(1, tickets.length),
        eventId: r.event_id,
        eventTitle: parseI18n(r.event_title) as I18nText,
        venue: {
          title: parseI18n(r.place_title) as I18nText,
          address: parseI18n(r.address),
          latitude: r.latitude,
          longitude: r.longitude,
        },
        hall: parseI18n(r.hall_title),
        category: parseI18n(r.category) as I18nText,
        startsAt: r.started_at,
        endsAt: r.finished_at,
        validTo: r.valid_to,
        voided: r.revoked_at !== null || r.status === "cancelled",
      };
    },
    /** An order's status and its tickets' codes (empty until paid). */
    async order(id: string): Promise<{ id: string; status: string; codes: string[] } | undefined> {
      const r = await db.one<{ id: string; status: string; tickets_json: string | null }>(SQL.order, [id]);
      return r && { id: r.id, status: r.status, codes: ticketsOf(r.tickets_json).map((t) => t.code) };
    },
    /** The key of the links' tokens: made once and kept, so links in sent e-mails keep working after a restart. */
    secret(): Promise<string> {
      // every instance keeps the first one written
      return keepMeta(db, "wallet_secret", randomBytes(32).toString("base64url"));
    },
    /** true when the device had not registered this pass before */
    async register(
      deviceId: string,
      passTypeId: string,
      serial: string,
      pushToken: string,
      now: number,
    ): Promise<boolean> {
      const fresh = (await db.one(SQL.registered, [deviceId, passTypeId, serial])) === undefined;
      await db.run(SQL.register, [deviceId, passTypeId, serial, pushToken, now]);
      return fresh;
    },
    async unregister(deviceId: string, passTypeId: string, serial: string): Promise<boolean> {
      return (await db.run(SQL.unregister, [deviceId, passTypeId, serial])).changes > 0;
    },
    /** A push token APNs says is gone (the device removed the pass, or the app): nothing is sent to it again. */
    async forgetPushToken(token: string): Promise<void> {
      await db.run(SQL.forgetToken, [token]);
    },
    /** The serials a device holds, each with when it last changed. */
    async serialsOf(deviceId: string, passTypeId: string): Promise<Array<{ serial: string; updatedAt: number }>> {
      return (await db.all<{ serial: string; updated_at: number }>(SQL.serialsOf, [deviceId, passTypeId])).map((r) => ({
        serial: r.serial,
        updatedAt: r.updated_at,
      }));
    },
    async registeredSerials(): Promise<string[]> {
      return (await db.all<{ serial: string }>(SQL.registeredSerials)).map((r) => r.serial);
    },
    async devicesOf(serial: string): Promise<Array<{ pushToken: string; passTypeId: string }>> {
      return (await db.all<{ push_token: string; pass_type_id: string }>(SQL.devicesOf, [serial])).map((r) => ({
        pushToken: r.push_token,
        passTypeId: r.pass_type_id,
      }));
    },
    touch,
  };
}
export type WalletRepository = ReturnType<typeof walletRepository>;
