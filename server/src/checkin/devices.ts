/**
 * The phones at the door: a one-time pairing link makes a phone a device of a list, and the
 * device then sends its token with every call. Only the SHA-256 of a pairing token or a device
 * token is kept, in the database, so any instance pairs and knows every device.
 */
import { createHash, randomBytes } from "node:crypto";
import { href, LANGUAGES, localize } from "../../../src/core/routes";
import type { Db } from "../db/database";
import { conflict, HttpError, notFound } from "../lib/errors";
import type { Lang } from "../lib/i18n";
import type { CheckinList, CheckinLists } from "./lists";

/** A pairing link is good for a day, and for one device. */
export const PAIRING_TTL_MS = 24 * 3600_000;

export interface Device {
  id: number;
  listId: number;
  name: string;
  createdAt: number;
  revokedAt: number | null;
}

type DeviceDb = { id: number; list_id: number; name: string; created_at: number; revoked_at: number | null };
const toDevice = (r: DeviceDb): Device => ({
  id: r.id,
  listId: r.list_id,
  name: r.name,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");
const newToken = (): string => randomBytes(24).toString("base64url");

const SQL = {
  insertPairing: "INSERT INTO checkin_pairings (token_hash, list_id, expires_at) VALUES (?,?,?)",
  pairing: "SELECT list_id, expires_at, used_at FROM checkin_pairings WHERE token_hash = ?",
  usePairing: "UPDATE checkin_pairings SET used_at = ? WHERE token_hash = ? AND used_at IS NULL",
  insert: "INSERT INTO checkin_devices (list_id, name, token_hash, created_at) VALUES (?,?,?,?) RETURNING id",
  byToken: "SELECT * FROM checkin_devices WHERE token_hash = ?",
  byId: "SELECT * FROM checkin_devices WHERE id = ?",
  ofList: "SELECT * FROM checkin_devices WHERE list_id = ? ORDER BY id",
  revoke: "UPDATE checkin_devices SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
} as const;

export function checkinDevices(db: Db, lists: CheckinLists, opts: { siteUrl: string }) {
  return {
    /**
     * A one-time link that makes a phone a device of the list: the scanner in English (`url`)
     * and in each language (`urls`), the same token in all of them, so the phone that opens
     * one first becomes the device, in its person's language.
     */
    async pairingLink(
      listId: number,
      now: number,
    ): Promise<{ token: string; url: string; urls: Record<Lang, string>; expiresAt: number }> {
      const list = await lists.get(listId);
      if (list.closedAt !== null) throw conflict("this list is closed", "list_closed");
      const token = newToken();
      const expiresAt = now + PAIRING_TTL_MS;
      await db.run(SQL.insertPairing, [sha256(token), listId, expiresAt]);
      const site = opts.siteUrl.replace(/\/+$/, "");
      const urls = Object.fromEntries(
        LANGUAGES.map((lang) => [lang, `${site}${localize(href.scan(), lang)}#pair=${token}`]),
      ) as Record<Lang, string>;
      return { token, url: urls.en, urls, expiresAt };
    },

    /** The phone that brings a pairing token first becomes a device of its list, named `name` or "Device N". */
    pair(token: string, name: string, now: number): Promise<{ token: string; device: Device; list: CheckinList }> {
      return db.withTransaction(async () => {
        const hash = sha256(token);
        const p = await db.one<{ list_id: number; expires_at: number; used_at: number | null }>(SQL.pairing, [hash]);
        const invalid = () =>
          new HttpError(
            401,
            "this pairing link is unknown, used already or expired; ask for a new one",
            "pairing_invalid",
          );
        if (!p || p.used_at !== null || p.expires_at < now) throw invalid();
        const list = await lists.get(p.list_id);
        if (list.closedAt !== null) throw conflict("this list is closed", "list_closed");
        // two phones opening the link at once (through two instances): one of them pairs
        if ((await db.run(SQL.usePairing, [now, hash])).changes !== 1) throw invalid();
        const deviceToken = newToken();
        const deviceName = name || `Device ${(await db.all(SQL.ofList, [list.id])).length + 1}`;
        const row = await db.one<{ id: number }>(SQL.insert, [list.id, deviceName, sha256(deviceToken), now]);
        return {
          token: deviceToken,
          device: {
            id: (row as { id: number }).id,
            listId: list.id,
            name: deviceName,
            createdAt: now,
            revokedAt: null,
          },
          list,
        };
      });
    },

    /** The device a Bearer token names; 401 when unknown, revoked or its list is closed. */
    async authenticate(header: string | undefined): Promise<{ device: Device; list: CheckinList }> {
      const m = /^Bearer\s+(\S+)$/i.exec(header ?? "");
      if (!m?.[1]) throw new HttpError(401, "a device token is required (Authorization: Bearer …)", "device_unknown");
      const r = await db.one<DeviceDb>(SQL.byToken, [sha256(m[1])]);
      if (!r) throw new HttpError(401, "this device is not paired", "device_unknown");
      if (r.revoked_at !== null) throw new HttpError(401, "this device was revoked; pair it again", "device_revoked");
      const list = await lists.get(r.list_id);
      if (list.closedAt !== null) throw new HttpError(401, "this check-in list is closed", "list_closed");
      return { device: toDevice(r), list };
    },

    async get(id: number): Promise<Device | undefined> {
      const r = await db.one<DeviceDb>(SQL.byId, [id]);
      return r && toDevice(r);
    },

    ofList: async (listId: number): Promise<Device[]> => (await db.all<DeviceDb>(SQL.ofList, [listId])).map(toDevice),

    /** A lost or stolen phone stops working; false when it was revoked already. */
    async revoke(id: number, now: number): Promise<boolean> {
      if (!(await db.one(SQL.byId, [id]))) throw notFound(`no device ${id}`, "not_found");
      return (await db.run(SQL.revoke, [now, id])).changes === 1;
    },
  };
}
export type CheckinDevices = ReturnType<typeof checkinDevices>;
