import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type Db, keepMeta } from "../db/database";

/** What a link lets its holder do: take the offer, or leave the list (both also show the entry). */
export type TokenPurpose = "offer" | "leave";

/**
 * Signed links of the waiting list: `<entry id>.<HMAC>`. Nothing is stored per link; the key is made
 * once and kept in the database (meta), so every instance and every restart accepts the same links.
 * Leaving needs no login: whoever holds the e-mail holds the link.
 */
export async function waitlistTokens(db: Db) {
  const key = await keepMeta(db, "waitlist_secret", randomBytes(32).toString("base64url"));
  const mac = (purpose: TokenPurpose, id: number): string =>
    createHmac("sha256", key).update(`waitlist:${purpose}:${id}`).digest("base64url").slice(0, 32);
  return {
    sign(purpose: TokenPurpose, id: number): string {
      return `${id}.${mac(purpose, id)}`;
    },
    /** The entry id a token names when it is genuine for one of `purposes`; undefined otherwise. */
    verify(token: unknown, purposes: readonly TokenPurpose[]): { id: number; purpose: TokenPurpose } | undefined {
      if (typeof token !== "string" || token.length > 100) return undefined;
      const m = /^([1-9][0-9]{0,14})\.([A-Za-z0-9_-]{32})$/.exec(token);
      if (!m) return undefined;
      const id = Number(m[1]);
      const given = Buffer.from(m[2] as string);
      for (const purpose of purposes) {
        const want = Buffer.from(mac(purpose, id));
        if (want.length === given.length && timingSafeEqual(want, given)) return { id, purpose };
      }
      return undefined;
    },
  };
}
export type WaitlistTokens = Awaited<ReturnType<typeof waitlistTokens>>;
