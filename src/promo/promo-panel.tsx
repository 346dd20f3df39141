/**
 * The basket's promo code (contract 2.3), in the basket and beside checkout: a field to enter one, the code the server keeps for the
 * session, what it takes off each event and in all, and why a code takes nothing off, in the
 * page's language. Loaded with the basket page's first idle moment, never at start-up. A server
 * without codes (2.2: 404 without a promo_ code) hides it; a code a link carried (`?promo=`) is
 * entered once, when the basket has tickets.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { announceBasket, useBasket } from "../basket/basket-context";
import { grandTotal } from "../basket/totals";
import type { BasketApiError } from "../clients/basket-client";
import { Money } from "../components/money";
import { PromoLines } from "./promo-lines";
import { forgetPromo, pendingPromo } from "./promo-link";
import * as styles from "./promo.module.css";

const REFUSALS = new Set(["unknown", "not_yet_valid", "expired", "used_up", "not_applicable"]);

/** The message key of a failed request: a refusal's reason, too many tries, or any other failure. */
function errorKey(error: BasketApiError): string {
  const reason = error.code.startsWith("promo_") ? error.code.slice("promo_".length) : "";
  if (REFUSALS.has(reason)) return `promo.refusal.${reason}`;
  if (error.status === 429) return "promo.tooMany";
  return "promo.failed";
}

export default function PromoPanel({
  decimals,
  lines = true,
}: {
  decimals: number;
  /** false beside checkout, whose summary has the code's lines and the total already */
  lines?: boolean;
}): React.JSX.Element | null {
  const { t } = useTranslation();
  const { client, basket, totals } = useBasket();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [offered, setOffered] = useState(true);
  const id = useId();
  const linkTried = useRef(false);
  const promo = basket.promo;
  const money = { currencyCode: basket.currencyCode, decimals };

  async function enter(raw: string, fromLink: boolean): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      announceBasket(await client.enterPromo(raw, basket.currencyCode));
      setCode("");
      if (fromLink) forgetPromo(window.sessionStorage);
    } catch (err) {
      const e = err as BasketApiError;
      if (e.status === 404 && !e.code.startsWith("promo_")) setOffered(false);
      else setError(errorKey(e));
      if (fromLink && !e.network) forgetPromo(window.sessionStorage);
    } finally {
      setBusy(false);
    }
  }

  async function remove(): Promise<void> {
    setBusy(true);
    try {
      announceBasket(await client.removePromo(basket.currencyCode));
    } catch (err) {
      setError(errorKey(err as BasketApiError));
    } finally {
      setBusy(false);
    }
  }

  // a code the link brought: entered once, unless the basket already has one
  // biome-ignore lint/correctness/useExhaustiveDependencies: entered once per page, on the first basket with tickets
  useEffect(() => {
    if (linkTried.current || basket.events.length === 0) return;
    linkTried.current = true;
    const fromLink = pendingPromo(window.sessionStorage);
    if (fromLink && fromLink.toUpperCase() !== promo?.code) void enter(fromLink, true);
    else if (fromLink) forgetPromo(window.sessionStorage);
  }, [basket.events.length]);

  if (!offered) return null;
  return (
    <section className={styles.promo} aria-labelledby={`${id}-h`} data-testid="promo">
      <h3 id={`${id}-h`} className={styles.heading}>
        {t("promo.title")}
      </h3>
      {promo ? (
        <div data-testid="promo-applied" data-code={promo.code} data-refusal={promo.refusal ?? undefined}>
          <p className={styles.code}>
            <bdi>{promo.code}</bdi>
            <button type="button" className={styles.remove} onClick={() => void remove()} disabled={busy}>
              {t("promo.remove")}
            </button>
          </p>
          {promo.refusal ? (
            <p className={styles.refusal} role="status" data-testid="promo-refusal">
              {t(`promo.refusal.${promo.refusal}`)}
            </p>
          ) : lines ? (
            <dl className={styles.lines}>
              <PromoLines promo={promo} {...money} events={basket.events} showCode={false} />
              <dt className={styles.grand}>{t("promo.toPay")}</dt>
              <dd className={styles.grand}>
                <Money
                  value={Math.max(0, grandTotal(totals.total) - promo.discount)}
                  {...money}
                  testId="promo-to-pay"
                />
              </dd>
            </dl>
          ) : null}
        </div>
      ) : null}
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) void enter(code.trim(), false);
        }}
      >
        <label htmlFor={`${id}-in`} className="visually-hidden">
          {t("promo.label")}
        </label>
        <input
          id={`${id}-in`}
          className={styles.input}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t("promo.placeholder")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          dir="ltr"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          data-testid="promo-input"
        />
        <button type="submit" className="btn" disabled={busy || code.trim() === ""} data-testid="promo-apply">
          {t("promo.apply")}
        </button>
      </form>
      {error ? (
        <p id={`${id}-err`} className={styles.refusal} role="alert" data-testid="promo-error">
          {t(error)}
        </p>
      ) : null}
    </section>
  );
}
