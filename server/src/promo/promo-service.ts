import type { components } from "../../../src/core/generated/basket";
import type { CurrencyRow } from "../catalogue/catalogue-repository";
import type { ServerConfig } from "../config";
import type { Db } from "../db/database";
import { HttpError } from "../lib/errors";
import { buyerKey } from "../orders/buyer-key";
import { lookupLockOut, type Throttle } from "../orders/throttle";
import type { PromoRepository, PromoUse } from "./promo-repository";
import {
  type CodeRefusal,
  discountOf,
  normalizeCode,
  type PromoCode,
  type PromoRefusal,
  timeRefusal,
} from "./promo-rules";

type BasketJson = components["schemas"]["Basket"];
type BasketEventJson = components["schemas"]["BasketEvent"];

/** What promo codes need of the app (not the whole of it: the app's deps name this service). */
export interface PromoDeps {
  db: Db;
  throttle: Throttle;
  config: ServerConfig;
  now: () => number;
}

/** The contract's BasketPromo: the session's code and what it takes off this basket. */
export interface PromoJson {
  code: string;
  refusal: CodeRefusal | null;
  discount: number;
  events: PromoUse["events"];
}

const REFUSAL_DETAIL: Record<PromoRefusal, string> = {
  unknown: "there is no such promo code",
  not_yet_valid: "this promo code is not valid yet",
  expired: "this promo code has expired",
  used_up: "this promo code has been used as often as it may be",
  not_applicable: "this promo code is not for the tickets in the basket",
};

export const refused = (reason: PromoRefusal): HttpError =>
  new HttpError(reason === "unknown" ? 404 : 409, REFUSAL_DETAIL[reason], `promo_${reason}`);

/** A code the order used, with what it took off; recorded with the order. */
export interface AppliedPromo extends PromoUse {
  codeId: number;
}

/**
 * Promo codes for visitors: entering one into the session (refused tries are throttled per client
 * address and per session, as the order look-up is), what it takes off a basket, and its use by an
 * order, counted under the code's lock so that concurrent orders never use it more often than allowed.
 */
export function promoService(deps: PromoDeps, repo: PromoRepository) {
  const { config } = deps;

  /** Why the code takes nothing off `events` now, or null; uses are counted without a lock (a view). */
  async function refusalOf(
    code: PromoCode,
    events: readonly BasketEventJson[],
    cur: CurrencyRow,
    now: number,
  ): Promise<CodeRefusal | null> {
    const timing = timeRefusal(code, now);
    if (timing) return timing;
    if (code.maxUses !== null && (await repo.uses(code.id)) >= code.maxUses) return "used_up";
    if (events.length > 0 && discountOf(code, events, cur).events.length === 0) return "not_applicable";
    return null;
  }

  return {
    /** `known`: the session's code as the request already read it (null: none), saving the read. */
    async view(
      sessionId: string,
      basket: BasketJson,
      cur: CurrencyRow,
      known?: number | null,
    ): Promise<PromoJson | undefined> {
      const codeId = known === undefined ? await repo.ofSession(sessionId) : (known ?? undefined);
      const code = codeId === undefined ? undefined : await repo.byId(codeId);
      if (!code) return undefined;
      const refusal = await refusalOf(code, basket.events, cur, deps.now());
      const d = refusal ? { total: 0, events: [] } : discountOf(code, basket.events, cur);
      return { code: code.code, refusal, discount: d.total, events: d.events };
    },

    /**
     * Enters a code into the session. A code that does not exist or cannot be used now is refused
     * (and counted against guessing); one that is not for the tickets in a basket that has some is
     * refused too, without counting. An empty basket keeps any valid code for the tickets to come.
     */
    async enter(sessionId: string, raw: string, clientIp: string, basket: BasketJson, cur: CurrencyRow) {
      const now = deps.now();
      // refused tries are locked out per client address and per session, as the order look-up is
      const lock = lookupLockOut(
        deps.throttle,
        config,
        [
          ["promo-client", clientIp],
          ["promo-session", sessionId],
        ],
        now,
      );
      await lock.refuseWhileLocked((s) => `too many promo codes tried; try again in ${s} s`);
      const code = await repo.byCode(normalizeCode(raw));
      const refusal = code ? await refusalOf(code, basket.events, cur, now) : "unknown";
      if (refusal) {
        if (refusal !== "not_applicable") await lock.failed();
        throw refused(refusal);
      }
      await repo.enter(sessionId, (code as PromoCode).id, now);
    },

    leave: (sessionId: string) => repo.leave(sessionId),

    /**
     * Inside the order's transaction: the session's code as it applies to the order's tickets, its
     * uses counted under the code's lock, or a 409 saying why it no longer applies (the buyer sees
     * the price change before paying). No code: undefined.
     */
    async forOrder(
      sessionId: string,
      events: readonly BasketEventJson[],
      cur: CurrencyRow,
      email: string,
    ): Promise<AppliedPromo | undefined> {
      const codeId = await repo.ofSession(sessionId);
      if (codeId === undefined) return undefined;
      await deps.db.lock("promo", [codeId]);
      const code = await repo.byId(codeId);
      if (!code) return undefined;
      const refusal =
        timeRefusal(code, deps.now()) ??
        (code.maxUses !== null && (await repo.uses(code.id)) >= code.maxUses ? "used_up" : null) ??
        (code.perBuyer !== null && (await repo.usesBy(code.id, buyerKey(email))) >= code.perBuyer ? "used_up" : null);
      if (refusal) throw refused(refusal);
      const d = discountOf(code, events, cur);
      if (d.events.length === 0) throw refused("not_applicable");
      return { codeId: code.id, code: code.code, discount: d.total, events: d.events };
    },

    /** Counts the use, in the order's transaction, after the order row exists. */
    async recordUse(orderId: string, applied: AppliedPromo, email: string, sessionId: string): Promise<void> {
      await repo.recordUse(orderId, applied.codeId, buyerKey(email), applied, deps.now());
      await repo.leave(sessionId);
    },

    ofOrder: (orderId: string) => repo.ofOrder(orderId),
  };
}
export type PromoService = ReturnType<typeof promoService>;
