/**
 * The shop's ticket-signing keys (Ed25519 through node:crypto), kept in the database with a
 * number each. The newest key that is not retired signs; every key not retired verifies, so
 * tickets signed before a rotation keep working until their key is retired.
 *
 * Which key signs and whether a key is retired are read from the database every time, so a key
 * another instance made or retired counts at once; only the parsed key objects are kept, by id
 * (a key's material never changes once written).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from "node:crypto";
import {
  encodeFacts,
  formatPayload,
  type PublicKey,
  parsePayload,
  signedMessage,
  type TicketFacts,
} from "../../../src/core/ticket-payload";
import type { Db } from "../db/database";

interface KeyRow {
  id: number;
  private_pem: string;
  public_key: string;
  created_at: number;
  retired_at: number | null;
}

const ACTIVE = "SELECT id, private_pem FROM checkin_keys WHERE retired_at IS NULL ORDER BY id DESC LIMIT 1";
const LIVE = "SELECT id, public_key FROM checkin_keys WHERE retired_at IS NULL ORDER BY id";
const ALL = "SELECT id, public_key, created_at, retired_at FROM checkin_keys ORDER BY id";
const LIVE_BY_ID = "SELECT public_key FROM checkin_keys WHERE id = ? AND retired_at IS NULL";
// the next number; two instances that make a key at once pick the same one, and the second insert is dropped
const INSERT = `INSERT INTO checkin_keys (id, private_pem, public_key, created_at)
  VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM checkin_keys), ?, ?, ?)
  ON CONFLICT (id) DO NOTHING RETURNING id`;
const RETIRE = "UPDATE checkin_keys SET retired_at = ? WHERE id = ? AND retired_at IS NULL";

export function signingKeys(db: Db) {
  const privateKeys = new Map<number, KeyObject>();
  const publicKeys = new Map<number, KeyObject>();

  /** A new key; undefined when another instance took its number at the same moment. */
  async function create(now: number): Promise<number | undefined> {
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    const raw = publicKey.export({ format: "jwk" }).x;
    if (!raw) throw new Error("node:crypto gave an Ed25519 key without its public part");
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    return (await db.one<{ id: number }>(INSERT, [pem, raw, now]))?.id;
  }

  async function activeKey(now: number): Promise<{ id: number; key: KeyObject }> {
    let row = await db.one<Pick<KeyRow, "id" | "private_pem">>(ACTIVE);
    if (!row) {
      // the first ticket ever signed makes the first key (or finds the one another instance just made)
      await create(now);
      row = await db.one<Pick<KeyRow, "id" | "private_pem">>(ACTIVE);
      if (!row) throw new Error("no signing key could be made");
    }
    let key = privateKeys.get(row.id);
    if (!key) {
      key = createPrivateKey(row.private_pem);
      privateKeys.set(row.id, key);
    }
    return { id: row.id, key };
  }

  async function publicKeyOf(id: number): Promise<KeyObject | undefined> {
    const row = await db.one<{ public_key: string }>(LIVE_BY_ID, [id]);
    if (!row) return undefined;
    let key = publicKeys.get(id);
    if (!key) {
      key = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: row.public_key }, format: "jwk" });
      publicKeys.set(id, key);
    }
    return key;
  }

  return {
    /** The QR text for a ticket, signed with the active key (made on first use). */
    async sign(facts: Omit<TicketFacts, "keyId">, now: number): Promise<string> {
      const { id, key } = await activeKey(now);
      const bytes = encodeFacts({ ...facts, keyId: id });
      return formatPayload(bytes, sign(null, signedMessage(bytes), key));
    },
    /** The facts a payload vouches for, or null when it is not signed by one of our live keys. */
    async verify(text: string): Promise<TicketFacts | null> {
      const parsed = parsePayload(text);
      if (!parsed) return null;
      const key = await publicKeyOf(parsed.facts.keyId);
      if (!key) return null;
      return verify(null, parsed.message, key, parsed.signature) ? parsed.facts : null;
    },
    /** The keys a scanner needs to verify offline. */
    async publicKeys(): Promise<PublicKey[]> {
      return (await db.all<{ id: number; public_key: string }>(LIVE)).map((r) => ({
        keyId: r.id,
        publicKey: r.public_key,
      }));
    },
    async list(): Promise<Array<{ id: number; publicKey: string; createdAt: number; retiredAt: number | null }>> {
      return (await db.all<Omit<KeyRow, "private_pem">>(ALL)).map((r) => ({
        id: r.id,
        publicKey: r.public_key,
        createdAt: r.created_at,
        retiredAt: r.retired_at,
      }));
    },
    /** A new key signs from now on; the old ones still verify. */
    async rotate(now: number): Promise<number> {
      for (;;) {
        const id = await create(now);
        if (id !== undefined) return id;
      }
    },
    /** Tickets signed with a retired key are refused as forged (reissue them first). */
    async retire(id: number, now: number): Promise<boolean> {
      return (await db.run(RETIRE, [now, id])).changes === 1;
    },
  };
}
export type SigningKeys = ReturnType<typeof signingKeys>;
