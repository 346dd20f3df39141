/**
 * Support for the wallet tests: the files of a .pkpass (a zip), the check Wallet makes of it
 * (every file's SHA-1 in manifest.json, the PKCS#7 signature of the manifest, by openssl against
 * the test root), and Google's event ticket schema (its required fields and shapes, written from
 * https://developers.google.com/wallet/reference/rest/v1/eventticketclass and .../eventticketobject).
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash, createPublicKey, verify } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateRawSync } from "node:zlib";

/** The files of a zip archive, by name (stored or deflated entries, as pass tools write them). */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, "not a zip archive: no end of central directory");
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < entries; i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, "a broken central directory");
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

/**
 * What Wallet checks before it takes a pass: manifest.json names every other file with its
 * SHA-1, and signature is a detached PKCS#7 signature of manifest.json by a certificate that
 * chains to the trusted root (here the test's). Answers the signer's subject.
 */
export function verifyPass(files: Map<string, Buffer>, rootPem: string): string {
  const manifest = JSON.parse(files.get("manifest.json")?.toString("utf8") ?? "null") as Record<string, string> | null;
  assert.ok(manifest, "the pass has no manifest.json");
  const hashed = [...files.keys()].filter((n) => n !== "manifest.json" && n !== "signature").sort();
  assert.deepEqual(Object.keys(manifest).sort(), hashed, "the manifest names exactly the pass's files");
  for (const name of hashed)
    assert.equal(
      manifest[name],
      createHash("sha1")
        .update(files.get(name) as Buffer)
        .digest("hex"),
      name,
    );
  const dir = mkdtempSync(path.join(tmpdir(), "pass-verify-"));
  try {
    writeFileSync(path.join(dir, "manifest.json"), files.get("manifest.json") as Buffer);
    writeFileSync(path.join(dir, "signature"), files.get("signature") as Buffer);
    writeFileSync(path.join(dir, "root.pem"), rootPem);
    // throws (openssl exits non-zero) when the signature or its chain does not hold
    execFileSync(
      "openssl",
      [
        "cms",
        "-verify",
        "-binary",
        "-inform",
        "DER",
        "-in",
        "signature",
        "-content",
        "manifest.json",
        "-CAfile",
        "root.pem",
        "-purpose",
        "any",
        "-out",
        "/dev/null",
        "-signer",
        "signer.pem",
      ],
      { cwd: dir, stdio: ["ignore", "pipe", "pipe"] },
    );
    return execFileSync("openssl", ["x509", "-in", "signer.pem", "-noout", "-subject", "-nameopt", "RFC2253"], {
      cwd: dir,
      encoding: "utf8",
    }).trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A pass.strings file (UTF-8 or UTF-16) as Wallet reads it: each quoted key to its quoted value, escapes undone. */
export function readStrings(file: Buffer): Map<string, string> {
  const text = file[0] === 0xff || file[0] === 0xfe ? file.toString("utf16le") : file.toString("utf8");
  const unescaped = (s: string) => s.replace(/\\(["\\n])/g, (_m, c: string) => (c === "n" ? "\n" : c));
  const out = new Map<string, string>();
  for (const m of text.matchAll(/^"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)";\s*$/gm))
    out.set(unescaped(m[1] as string), unescaped(m[2] as string));
  return out;
}

/** The claims of a JWT after checking its RS256 signature with the public key. */
export function verifyJwt(jwt: string, publicKeyPem: string): Record<string, unknown> {
  const [head, body, signature] = jwt.split(".");
  assert.ok(head && body && signature, "a JWT has three parts");
  assert.deepEqual(JSON.parse(Buffer.from(head, "base64url").toString("utf8")), { alg: "RS256", typ: "JWT" });
  assert.ok(
    verify(
      "RSA-SHA256",
      Buffer.from(`${head}.${body}`),
      createPublicKey(publicKeyPem),
      Buffer.from(signature, "base64url"),
    ),
    "the JWT's signature holds with the issuer's public key",
  );
  return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
}

type Json = Record<string, unknown>;
const BCP47 = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A LocalizedString: a defaultValue TranslatedString and optional translatedValues. */
export function assertLocalizedString(value: unknown, where: string): void {
  const v = value as Json;
  const translated = (t: unknown, at: string) => {
    const s = t as Json;
    assert.equal(typeof s?.language, "string", `${at}.language`);
    assert.match(s.language as string, BCP47, `${at}.language is BCP 47`);
    assert.equal(typeof s.value, "string", `${at}.value`);
    assert.ok((s.value as string).length > 0, `${at}.value is not empty`);
  };
  translated(v?.defaultValue, `${where}.defaultValue`);
  if (v.translatedValues !== undefined) {
    assert.ok(Array.isArray(v.translatedValues), `${where}.translatedValues is a list`);
    for (const [i, t] of (v.translatedValues as unknown[]).entries()) translated(t, `${where}.translatedValues[${i}]`);
  }
}

const REVIEW_STATUSES = ["REVIEW_STATUS_UNSPECIFIED", "UNDER_REVIEW", "APPROVED", "REJECTED", "DRAFT"];
const STATES = ["STATE_UNSPECIFIED", "ACTIVE", "COMPLETED", "EXPIRED", "INACTIVE"];
const BARCODE_TYPES = ["QR_CODE", "AZTEC", "PDF_417", "CODE_128", "DATA_MATRIX", "EAN_13", "UPC_A", "ITF_14"];

/** eventTicketClass: required id, issuerName, reviewStatus, eventName; the optional fields used, in their shapes. */
export function assertEventTicketClass(c: Json, issuerId: string): void {
  assert.match(String(c.id), new RegExp(`^${issuerId}\\.[A-Za-z0-9._-]+$`), "class id is <issuer id>.<suffix>");
  assert.equal(typeof c.issuerName, "string", "issuerName");
  assert.ok(REVIEW_STATUSES.includes(String(c.reviewStatus)), "reviewStatus");
  assertLocalizedString(c.eventName, "eventName");
  if (c.localizedIssuerName) assertLocalizedString(c.localizedIssuerName, "localizedIssuerName");
  if (c.venue) {
    const venue = c.venue as Json;
    assertLocalizedString(venue.name, "venue.name");
    assertLocalizedString(venue.address, "venue.address");
  }
  if (c.dateTime) {
    const dt = c.dateTime as Json;
    for (const k of ["doorsOpen", "start", "end"])
      if (dt[k] !== undefined) assert.match(String(dt[k]), ISO_WITH_OFFSET, `dateTime.${k}`);
  }
  if (c.logo) assert.match(String(((c.logo as Json).sourceUri as Json)?.uri), /^https?:\/\//, "logo.sourceUri.uri");
  if (c.hexBackgroundColor) assert.match(String(c.hexBackgroundColor), /^#[0-9a-fA-F]{6}$/, "hexBackgroundColor");
  if (c.confirmationCodeLabel)
    assert.ok(
      [
        "CONFIRMATION_CODE_LABEL_UNSPECIFIED",
        "CONFIRMATION_CODE",
        "CONFIRMATION_NUMBER",
        "ORDER_NUMBER",
        "RESERVATION_NUMBER",
      ].includes(String(c.confirmationCodeLabel)),
      "confirmationCodeLabel",
    );
}

/** eventTicketObject: required id, classId, state; the optional fields used, in their shapes. */
export function assertEventTicketObject(o: Json, issuerId: string): void {
  assert.match(String(o.id), new RegExp(`^${issuerId}\\.[A-Za-z0-9._-]+$`), "object id is <issuer id>.<suffix>");
  assert.match(String(o.classId), new RegExp(`^${issuerId}\\.[A-Za-z0-9._-]+$`), "classId");
  assert.ok(STATES.includes(String(o.state)), "state");
  if (o.barcode) {
    const b = o.barcode as Json;
    assert.ok(BARCODE_TYPES.includes(String(b.type)), "barcode.type");
    assert.equal(typeof b.value, "string", "barcode.value");
  }
  if (o.ticketType) assertLocalizedString(o.ticketType, "ticketType");
  if (o.reservationInfo) assert.equal(typeof (o.reservationInfo as Json).confirmationCode, "string");
  if (o.validTimeInterval) {
    const v = o.validTimeInterval as Json;
    for (const k of ["start", "end"])
      if (v[k] !== undefined) assert.match(String((v[k] as Json).date), ISO_WITH_OFFSET, `validTimeInterval.${k}.date`);
  }
  if (o.locations)
    for (const l of o.locations as Json[]) {
      assert.ok(Math.abs(Number(l.latitude)) <= 90 && Math.abs(Number(l.longitude)) <= 180, "a location's coordinates");
    }
  if (o.groupingInfo) assert.equal(typeof (o.groupingInfo as Json).groupingId, "string", "groupingInfo.groupingId");
  for (const m of (o.textModulesData as Json[] | undefined) ?? []) {
    assert.equal(typeof m.id, "string", "textModulesData.id");
    if (m.localizedHeader) assertLocalizedString(m.localizedHeader, "textModulesData.localizedHeader");
  }
  for (const u of ((o.linksModuleData as Json | undefined)?.uris as Json[] | undefined) ?? [])
    assert.match(String(u.uri), /^https?:\/\//, "linksModuleData.uris.uri");
}
