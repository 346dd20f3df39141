/**
 * The signed text a ticket's QR code holds, and how a scanner reads it without a network.
 *
 * "T1." then the base32 (RFC 4648, upper case, no padding) of 27 bytes of facts and their
 * 64-byte Ed25519 signature. Base32 upper case keeps the whole text in the QR code's
 * alphanumeric mode (5.5 bits a character instead of 8), which makes a smaller code than
 * base64 would, and a keyboard-wedge scanner types it the same on any keyboard layout.
 *
 * The facts, big-endian: version (1 byte), key number (2), ticket id, event id, session id,
 * category id, valid from and valid to (4 each; the times in whole seconds since 1970).
 * The signature covers "T1" and the 27 bytes. Pure and browser-safe: the server signs with
 * node:crypto (server/src/checkin/signing.ts), the scanner verifies with @noble/curves.
 */
import { ed25519 } from "@noble/curves/ed25519.js";

export const PAYLOAD_PREFIX = "T1.";
const VERSION = 1;
const FACTS_BYTES = 27;
const SIGNATURE_BYTES = 64;
const DOMAIN = new TextEncoder().encode("T1");

export interface TicketFacts {
  /** the number of the key that signed it (keys rotate; old ones still verify) */
  keyId: number;
  /** the issued ticket's own id (one per admitted person) */
  ticketId: number;
  eventId: number;
  sessionId: number;
  /** the ticket category (the catalogue's ticket offer id) */
  categoryId: number;
  /** epoch milliseconds, rounded down to whole seconds */
  validFrom: number;
  validTo: number;
}

export interface SignedPayload {
  facts: TicketFacts;
  /** what the signature covers */
  message: Uint8Array;
  signature: Uint8Array;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** The bytes, or null when `text` is not base32 of this alphabet. */
export function base32Decode(text: string): Uint8Array | null {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of text) {
    const value = ALPHABET.indexOf(ch);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Uint8Array.from(out);
}

const seconds = (ms: number): number => Math.max(0, Math.min(0xffffffff, Math.floor(ms / 1000)));

/** The 27 bytes of facts (and what, with the domain, gets signed). */
export function encodeFacts(facts: TicketFacts): Uint8Array {
  const bytes = new Uint8Array(FACTS_BYTES);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, VERSION);
  view.setUint16(1, facts.keyId);
  view.setUint32(3, facts.ticketId);
  view.setUint32(7, facts.eventId);
  view.setUint32(11, facts.sessionId);
  view.setUint32(15, facts.categoryId);
  view.setUint32(19, seconds(facts.validFrom));
  view.setUint32(23, seconds(facts.validTo));
  return bytes;
}

/** What the signature covers: the domain "T1" and the facts. */
export function signedMessage(facts: Uint8Array): Uint8Array {
  const message = new Uint8Array(DOMAIN.length + facts.length);
  message.set(DOMAIN, 0);
  message.set(facts, DOMAIN.length);
  return message;
}

export function formatPayload(facts: Uint8Array, signature: Uint8Array): string {
  const all = new Uint8Array(facts.length + signature.length);
  all.set(facts, 0);
  all.set(signature, facts.length);
  return `${PAYLOAD_PREFIX}${base32Encode(all)}`;
}

/** Whether a scanned text claims to be a signed payload (else it is a printed code, or nothing). */
export const looksSigned = (text: string): boolean => text.trim().toUpperCase().startsWith(PAYLOAD_PREFIX);

/** The facts and signature of a payload, or null when it is not one (wrong shape, length or version). */
export function parsePayload(text: string): SignedPayload | null {
  const trimmed = text.trim().toUpperCase();
  if (!trimmed.startsWith(PAYLOAD_PREFIX)) return null;
  const bytes = base32Decode(trimmed.slice(PAYLOAD_PREFIX.length));
  if (!bytes || bytes.length !== FACTS_BYTES + SIGNATURE_BYTES) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint8(0) !== VERSION) return null;
  const factBytes = bytes.slice(0, FACTS_BYTES);
  return {
    facts: {
      keyId: view.getUint16(1),
      ticketId: view.getUint32(3),
      eventId: view.getUint32(7),
      sessionId: view.getUint32(11),
      categoryId: view.getUint32(15),
      validFrom: view.getUint32(19) * 1000,
      validTo: view.getUint32(23) * 1000,
    },
    message: signedMessage(factBytes),
    signature: bytes.slice(FACTS_BYTES),
  };
}

export interface PublicKey {
  keyId: number;
  /** the raw 32-byte Ed25519 public key, base64url */
  publicKey: string;
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "===".slice((b64.length + 3) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/**
 * Offline verification: "forged" when the text claims to be signed but no known key's
 * signature fits (a changed byte, a foreign key, an unknown key number, a broken shape),
 * else the facts it vouches for. A text that is not a payload at all is "not_signed".
 */
export function verifyPayload(
  text: string,
  keys: readonly PublicKey[],
): { ok: true; facts: TicketFacts } | { ok: false; reason: "forged" | "not_signed" } {
  if (!looksSigned(text)) return { ok: false, reason: "not_signed" };
  const parsed = parsePayload(text);
  if (!parsed) return { ok: false, reason: "forged" };
  const key = keys.find((k) => k.keyId === parsed.facts.keyId);
  if (!key) return { ok: false, reason: "forged" };
  let valid = false;
  try {
    valid = ed25519.verify(parsed.signature, parsed.message, fromBase64Url(key.publicKey));
  } catch {
    valid = false;
  }
  return valid ? { ok: true, facts: parsed.facts } : { ok: false, reason: "forged" };
}
