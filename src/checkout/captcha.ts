/**
 * The proof of work order creation asks for (ALTCHA's scheme): find n with
 * hex(SHA-256(salt + n)) = challenge, then send {algorithm, challenge, number, salt,
 * signature} as base64 JSON, the payload altcha-lib's verifySolution checks on the server.
 */
import type { CaptchaChallenge } from "../clients/basket-client";

/** The payload the server verifies. */
export function encodeSolution(challenge: CaptchaChallenge, number: number): string {
  const json = JSON.stringify({
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  });
  // every field is ASCII (hex, digits, the algorithm's name, the salt's query), so btoa is exact
  return btoa(json);
}

/**
 * When a challenge stops being accepted: ALTCHA writes it into the salt as
 * `?expires=<unix seconds>`. Null when the salt says nothing (then it is used as it is).
 */
export function challengeExpiresAt(salt: string): number | null {
  const query = salt.includes("?") ? salt.slice(salt.indexOf("?") + 1) : "";
  const raw = new URLSearchParams(query).get("expires");
  if (!raw || !/^\d+$/.test(raw)) return null;
  return Number(raw) * 1000;
}

/** Solve again this long before the challenge expires, so the one sent is never stale. */
export const REFRESH_MARGIN_MS = 30_000;

/** How long from `now` a solved challenge may be kept before a fresh one is solved. */
export function msUntilRefresh(salt: string, now: number): number | null {
  const expires = challengeExpiresAt(salt);
  if (expires === null) return null;
  return Math.max(0, expires - REFRESH_MARGIN_MS - now);
}

/**
 * Candidates hashed between two yields to the page. A synchronous SHA-256 does a few
 * million small hashes a second, so a 100,000 challenge takes a fraction of a second in
 * slices the visitor does not feel; Web Crypto answers each digest asynchronously, which
 * made one-at-a-time solving (altcha-lib's plain solver) take 16 s in headless Chromium.
 */
const SLICE = 4_000;

function hexToBytes(hex: string): Uint8Array | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function sameBytes(got: Uint8Array, wanted: Uint8Array): boolean {
  if (got.length !== wanted.length) return false;
  for (let i = 0; i < got.length; i++) if (got[i] !== wanted[i]) return false;
  return true;
}

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Finds the number, a slice of candidates per task; stops when `signal` aborts. */
export async function solve(challenge: CaptchaChallenge, signal: AbortSignal): Promise<string> {
  if (challenge.algorithm.toUpperCase() !== "SHA-256")
    throw new Error(`captcha algorithm ${challenge.algorithm} is not supported`);
  const wanted = hexToBytes(challenge.challenge);
  if (!wanted) throw new Error("captcha challenge is not a hex digest");
  const { sha256 } = await import("@noble/hashes/sha2");
  const encoder = new TextEncoder();
  // the salt is the same for every candidate: hash it once, then only the number's digits
  const salted = sha256.create().update(encoder.encode(challenge.salt));
  for (let from = 0; from <= challenge.maxNumber; from += SLICE) {
    if (signal.aborted) throw new Error("captcha solving stopped");
    const to = Math.min(from + SLICE - 1, challenge.maxNumber);
    for (let n = from; n <= to; n++) {
      if (
        sameBytes(
          salted
            .clone()
            .update(encoder.encode(String(n)))
            .digest(),
          wanted,
        )
      )
        return encodeSolution(challenge, n);
    }
    await nextTask();
  }
  throw new Error("captcha challenge has no solution");
}
