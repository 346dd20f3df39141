/** The signed QR payload: signed by the server's keys, verified offline as the scanner does, tampering refused. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import QRCode from "qrcode";
import { signingKeys } from "../../server/src/checkin/signing";
import { openDatabase } from "../../server/src/db/database";
import { base32Decode, base32Encode, PAYLOAD_PREFIX, parsePayload, verifyPayload } from "../../src/core/ticket-payload";

const FACTS = {
  ticketId: 123_456,
  eventId: 34,
  sessionId: 77,
  categoryId: 901,
  validFrom: Date.UTC(2026, 11, 1, 12),
  validTo: Date.UTC(2026, 11, 1, 22),
};

async function shop() {
  const db = await openDatabase(":memory:");
  return { db, keys: signingKeys(db) };
}

describe("base32", () => {
  it("round-trips any bytes in upper-case letters and digits 2-7", async () => {
    for (const length of [0, 1, 4, 5, 27, 91]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + 11) & 255);
      const text = base32Encode(bytes);
      assert.match(text, /^[A-Z2-7]*$/);
      assert.deepEqual(base32Decode(text), bytes);
    }
    assert.equal(base32Decode("abc"), null, "lower case is not the alphabet");
  });
});

describe("signed payload", () => {
  it("the server signs, the scanner's verifier accepts with the shop's public key and reads the facts", async () => {
    const { db, keys } = await shop();
    const text = await keys.sign(FACTS, Date.now());
    assert.ok(text.startsWith(PAYLOAD_PREFIX));
    const result = verifyPayload(text, await keys.publicKeys());
    assert.equal(result.ok, true);
    assert.deepEqual(result.ok && { ...result.facts, keyId: 0 }, { ...FACTS, keyId: 0 });
    assert.deepEqual(await keys.verify(text), { ...FACTS, keyId: 1 });
    await db.close();
  });

  it("any changed byte is refused as forged", async () => {
    const { db, keys } = await shop();
    const text = await keys.sign(FACTS, Date.now());
    const bytes = base32Decode(text.slice(PAYLOAD_PREFIX.length))!;
    for (let i = 0; i < bytes.length; i++) {
      const changed = Uint8Array.from(bytes);
      changed[i] = changed[i]! ^ 0x01;
      const tampered = `${PAYLOAD_PREFIX}${base32Encode(changed)}`;
      assert.equal(verifyPayload(tampered, await keys.publicKeys()).ok, false, `byte ${i}`);
      assert.equal(await keys.verify(tampered), null, `byte ${i} (server)`);
    }
    await db.close();
  });

  it("a payload signed by a foreign key, or too short, or not a payload, is refused", async () => {
    const ours = await shop();
    const theirs = await shop();
    const foreign = await theirs.keys.sign(FACTS, Date.now());
    await ours.keys.sign(FACTS, Date.now());
    assert.deepEqual(verifyPayload(foreign, await ours.keys.publicKeys()), { ok: false, reason: "forged" });
    assert.equal(await ours.keys.verify(foreign), null);
    assert.deepEqual(verifyPayload("T1.AAAA", await ours.keys.publicKeys()), { ok: false, reason: "forged" });
    assert.deepEqual(verifyPayload("UAE-7K3M9-Q2W4E", await ours.keys.publicKeys()), {
      ok: false,
      reason: "not_signed",
    });
    await ours.db.close();
    await theirs.db.close();
  });

  it("after a rotation new tickets use the new key and old ones still verify, until their key is retired", async () => {
    const { db, keys } = await shop();
    const old = await keys.sign(FACTS, Date.now());
    const second = await keys.rotate(Date.now());
    const fresh = await keys.sign(FACTS, Date.now());
    assert.equal(parsePayload(fresh)!.facts.keyId, second);
    assert.ok(await keys.verify(old));
    assert.ok(await keys.verify(fresh));
    await keys.retire(1, Date.now());
    assert.equal(await keys.verify(old), null);
    assert.equal(verifyPayload(old, await keys.publicKeys()).ok, false);
    await db.close();
  });

  it("is 149 characters, all in the QR code's alphanumeric mode: a version 7 code at error correction M", async () => {
    const { db, keys } = await shop();
    const text = await keys.sign(FACTS, Date.now());
    assert.equal(text.length, 149);
    assert.match(text, /^[0-9A-Z $%*+\-./:]+$/);
    const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
    assert.ok(qr.version <= 7, `version ${qr.version}`);
    await db.close();
  });
});
