/**
 * Who may call the publisher's hooks: whoever knows PUBLISH_TOKEN, shown either as
 * `Authorization: Bearer <token>` or, as CMS webhooks sign their calls, as an HMAC-SHA256 of
 * the raw body keyed with the token in `X-Signature-256: sha256=<hex>`. Both comparisons take
 * the same time whatever the guess (digests of equal length, timingSafeEqual).
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

function sameSecret(given: string, expected: string): boolean {
  // hashing first makes both sides 32 bytes, so the length of a wrong guess leaks nothing
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

export function signBody(token: string, body: Buffer | string): string {
  return `sha256=${createHmac("sha256", token).update(body).digest("hex")}`;
}

export function isAuthorized(
  token: string,
  headers: { authorization?: string; signature?: string },
  body: Buffer,
): boolean {
  if (!token) return false;
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? "");
  if (bearer && sameSecret((bearer[1] as string).trim(), token)) return true;
  const signature = (headers.signature ?? "").trim().toLowerCase();
  if (/^sha256=[0-9a-f]{64}$/.test(signature)) {
    const expected = Buffer.from(signBody(token, body).slice("sha256=".length), "hex");
    return timingSafeEqual(Buffer.from(signature.slice("sha256=".length), "hex"), expected);
  }
  return false;
}
