import { createHmac, randomBytes } from "node:crypto";
import { createChallenge, solveChallenge, verifySolution } from "altcha-lib/v1";
import type { ServerConfig } from "../config";
import { type Db, keepMeta } from "../db/database";
import { HttpError } from "../lib/errors";

export interface CaptchaChallenge {
  algorithm: "SHA-256";
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/**
 * Solves a challenge from /api/captcha as the site's widget does, answering with the base64 JSON
 * the order form sends: for the sample command and the tests, which buy as a visitor would.
 */
export async function solveCaptchaChallenge(c: Omit<CaptchaChallenge, "algorithm"> & { algorithm: string }) {
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error("the captcha challenge has no solution");
  const { algorithm, challenge, salt, signature } = c;
  return Buffer.from(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature })).toString(
    "base64",
  );
}

const invalid = (why: string): HttpError =>
  new HttpError(400, `the captcha is ${why}; get a new challenge from /api/captcha and solve it`, "captcha_invalid");

/**
 * The HMAC key: the configured one, or a random one made once and kept with the data, so a restart
 * keeps challenges valid and every instance signs and checks with the same key (the first one's).
 */
async function secretOf(db: Db, configured: string): Promise<string> {
  if (configured !== "") return configured;
  return keepMeta(db, "captcha_secret", randomBytes(32).toString("base64url"));
}

const SQL = {
  use: "INSERT INTO captcha_used (signature, expires_at) VALUES (?, ?) ON CONFLICT (signature) DO NOTHING",
  prune: "DELETE FROM captcha_used WHERE expires_at <= ?",
};

/**
 * ALTCHA proof of work (altcha-lib's v1 scheme): the client finds n with SHA-256(salt + n) =
 * challenge; the signature (HMAC of the challenge) proves the server made it, the salt carries
 * its expiry, and a spent solution is remembered until then so it buys one order only.
 */
export function captchaService(db: Db, config: ServerConfig, now: () => number) {
  // read from the database when first needed (the service is built before anything is awaited); a
  // failed read is tried again next time, and one inside a transaction (which may yet roll back the
  // key it kept) is not remembered
  let keyRead: Promise<string> | undefined;
  const secret = (): Promise<string> => {
    if (!keyRead && db.inTransaction()) return secretOf(db, config.captchaSecret);
    keyRead ??= secretOf(db, config.captchaSecret).catch((err: unknown) => {
      keyRead = undefined;
      throw err;
    });
    return keyRead;
  };
  // the session a challenge was fetched for, as a short HMAC: the salt (which the signature covers) carries it
  const binding = async (sessionId: string): Promise<string> =>
    createHmac("sha256", await secret())
      .update(`captcha-session:${sessionId}`)
      .digest("base64url")
      .slice(0, 22);
  return {
    /** A challenge that only `sessionId` can spend. */
    async challenge(sessionId: string): Promise<CaptchaChallenge> {
      const c = await createChallenge({
        hmacKey: await secret(),
        maxnumber: config.captchaMaxNumber,
        expires: new Date(now() + config.captchaTtlMs),
        params: { s: await binding(sessionId) },
      });
      return {
        algorithm: "SHA-256",
        challenge: c.challenge,
        maxnumber: c.maxnumber ?? config.captchaMaxNumber,
        salt: c.salt,
        signature: c.signature,
      };
    },

    /** Checks a solution (base64 JSON) without spending it; returns what `spend` needs. */
    async verify(solution: unknown): Promise<{ signature: string; expiresAt: number; boundTo: string | null }> {
      if (typeof solution !== "string" || solution === "") throw invalid("missing");
      if (solution.length > 4096) throw invalid("not a solution");
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.from(solution, "base64").toString("utf8"));
      } catch {
        throw invalid("not a solution (expected base64 JSON)");
      }
      const p = payload as Record<string, unknown>;
      if (
        typeof payload !== "object" ||
        payload === null ||
        p.algorithm !== "SHA-256" ||
        typeof p.challenge !== "string" ||
        typeof p.salt !== "string" ||
        typeof p.signature !== "string" ||
        typeof p.number !== "number"
      ) {
        throw invalid("not a solution (expected algorithm, challenge, number, salt, signature)");
      }
      // the salt carries its parameters as a query ("…?expires=1767225600")
      const params = new URLSearchParams(p.salt.split("?")[1] ?? "");
      const expires = Number(params.get("expires"));
      if (!Number.isFinite(expires) || expires * 1000 <= now()) throw invalid("expired");
      const ok = await verifySolution(
        { algorithm: "SHA-256", challenge: p.challenge, number: p.number, salt: p.salt, signature: p.signature },
        await secret(),
        false,
      );
      if (!ok) throw invalid("wrong");
      return { signature: p.signature, expiresAt: expires * 1000, boundTo: params.get("s") };
    },

    /**
     * Marks a verified solution used by `sessionId`, the session its challenge was fetched for;
     * inside the order's transaction, so a failed order does not spend it.
     */
    async spend(v: { signature: string; expiresAt: number; boundTo: string | null }, sessionId: string): Promise<void> {
      if (v.boundTo !== (await binding(sessionId)))
        throw invalid("for another visit (it was fetched without this session)");
      if ((await db.run(SQL.use, [v.signature, v.expiresAt])).changes !== 1) throw invalid("used before");
    },

    async prune(at: number): Promise<void> {
      await db.run(SQL.prune, [at]);
    },
  };
}
export type CaptchaService = ReturnType<typeof captchaService>;
