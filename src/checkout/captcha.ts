/**
 * The proof of work order creation asks for (ALTCHA's scheme): find n with
 * hex(SHA-256(salt + n)) = challenge, then send {algorithm, challenge, number, salt,
 * signature} as base64 JSON. The rules here are pure; solving uses altcha-lib's solver.
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

export async function solve(challenge: CaptchaChallenge, signal: AbortSignal): Promise<string> {
  const { solveChallenge } = await import("altcha-lib/v1");
  const { promise, controller } = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxNumber);
  const abort = () => controller.abort();
  signal.addEventListener("abort", abort);
  try {
    const solution = await promise;
    if (!solution) throw new Error(signal.aborted ? "captcha solving stopped" : "captcha challenge has no solution");
    return encodeSolution(challenge, solution.number);
  } finally {
    signal.removeEventListener("abort", abort);
  }
}
