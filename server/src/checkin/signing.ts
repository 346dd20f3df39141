/**
 * The shop's ticket-signing keys (Ed25519 through node:crypto), kept in the database with a
 * number each. The newest key that is not retired signs; every key not retired verifies, so
 * tickets signed before a rotation keep working until their key is retired.
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

export function signingKeys(db: Db) {
  const s = {
    active: db.prepare("SELECT * FROM checkin_keys WHERE retired_at IS NULL ORDER BY id DESC LIMIT 1"),
    live: db.prepare("SELECT id, public_key FROM checkin_keys WHERE retired_at IS NULL ORDER BY id"),
    all: db.prepare("SELECT id, public_key, created_at, retired_at FROM checkin_keys ORDER BY id"),
    byId: db.prepare("SELECT * FROM checkin_keys WHERE id = ?"),
    insert: db.prepare(
      "INSERT INTO checkin_keys (id, private_pem, public_key, created_at) VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM checkin_keys), ?, ?, ?)",
    ),
    retire: db.prepare("UPDATE checkin_keys SET retired_at = ? WHERE id = ? AND retired_at IS NULL"),
  };
  const privateKeys = new Map<number, KeyObject>();
  const publicKeys = new Map<number, KeyObject>();

  function create(now: number): number {
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    const raw = publicKey.export({ format: "jwk" }).x;
    if (!raw) throw new Error("node:crypto gave an Ed25519 key without its public part");
    const pem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    return Number(s.insert.run(pem, raw, now).lastInsertRowid);
  }

  function activeKey(now: number): { id: number; key: KeyObject } {
    let row = s.active.get() as KeyRow | undefined;
    if (!row) {
      create(now);
      row = s.active.get() as KeyRow;
    }
    let key = privateKeys.get(row.id);
    if (!key) {
      key = createPrivateKey(row.private_pem);
      privateKeys.set(row.id, key);
    }
    return { id: row.id, key };
  }

  function publicKeyOf(id: number): KeyObject | undefined {
    let key = publicKeys.get(id);
    if (!key) {
      const row = s.byId.get(id) as KeyRow | undefined;
      if (!row || row.retired_at !== null) return undefined;
      key = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: row.public_key }, format: "jwk" });
      publicKeys.set(id, key);
    }
    return key;
  }

  return {
    /** The QR text for a ticket, signed with the active key (made on first use). */
    sign(facts: Omit<TicketFacts, "keyId">, now: number): string {
      const { id, key } = activeKey(now);
      const bytes = encodeFacts({ ...facts, keyId: id });
      return formatPayload(bytes, sign(null, signedMessage(bytes), key));
    },
    /** The facts a payload vouches for, or null when it is not signed by one of our live keys. */
    verify(text: string): TicketFacts | null {
      const parsed = parsePayload(text);
      if (!parsed) return null;
      const key = publicKeyOf(parsed.facts.keyId);
      if (!key) return null;
      return verify(null, parsed.message, key, parsed.signature) ? parsed.facts : null;
    },
    /** The keys a scanner needs to verify offline. */
    publicKeys(): PublicKey[] {
      return (s.live.all() as Array<{ id: number; public_key: string }>).map((r) => ({
        keyId: r.id,
        publicKey: r.public_key,
      }));
    },
    list(): Array<{ id: number; publicKey: string; createdAt: number; retiredAt: number | null }> {
      return (s.all.all() as KeyRow[]).map((r) => ({
        id: r.id,
        publicKey: r.public_key,
        createdAt: r.created_at,
        retiredAt: r.retired_at,
      }));
    },
    /** A new key signs from now on; the old ones still verify. */
    rotate(now: number): number {
      return create(now);
    },
    /** Tickets signed with a retired key are refused as forged (reissue them first). */
    retire(id: number, now: number): boolean {
      publicKeys.delete(id);
      privateKeys.delete(id);
      return s.retire.run(now, id).changes === 1;
    },
  };
}
export type SigningKeys = ReturnType<typeof signingKeys>;
