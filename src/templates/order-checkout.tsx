/**
 * /order/checkout/: the buyer's details, a way to pay that accepts the selected currency
 * (the catalogue's acquisitions, from the page context), how long the tickets stay held,
 * and the basket's summary beside with the promo code's discount and a field to enter one, the
 * chosen way's fee and the amount charged.
 */
import { graphql } from "gatsby";
import type React from "react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageShell } from "../app/page-shell";
import { useBasket } from "../basket/basket-context";
import { CheckoutForm } from "../checkout/checkout-form";
import { appliedPromo, basketCharge, chargeFor, isFree } from "../checkout/fees";
import { OrderSummary } from "../checkout/order-summary";
import { EmptyOutcome, LoadingShell } from "../checkout/outcome-parts";
import type { ExplainedError } from "../checkout/server-errors";
import { Countdown } from "../components/countdown";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { Acquisition } from "../core/catalogue";
import type { PayAndDeliveryPageContext } from "../core/page-context";
import { href } from "../core/routes";
import { useCurrency } from "../currency/currency-context";
import { Link } from "../i18n/link";
import * as styles from "../checkout/checkout.module.css";

// the code field (2.3) loads with the summary, never at start-up
const PromoPanel = lazy(() => import("../promo/promo-panel"));

export default function OrderCheckoutPage({
  pageContext,
}: TemplateProps<PayAndDeliveryPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { basket, loading, unavailable, totals, reload } = useBasket();
  const { currency } = useCurrency();
  const [problem, setProblem] = useState<ExplainedError | null>(null);
  const [placed, setPlaced] = useState(false);
  const [acquisition, setAcquisition] = useState<Acquisition | null>(null);
  const base = basketCharge(totals.total, basket);
  const feePercent = isFree(base) ? null : (acquisition?.feePercent ?? null);
  const charge = chargeFor(base, feePercent, currency?.decimals);
  const empty = !loading && !unavailable && totals.total.count === 0;

  let body: React.ReactNode;
  if (placed) {
    body = <LoadingShell text={t("checkout.submitting")} />;
  } else if (loading && !unavailable) {
    body = <LoadingShell text={t("checkout.loading")} />;
  } else if (unavailable) {
    body = (
      <div className={`${styles.alert} ${styles.alertError}`} role="alert">
        <p>{t("checkout.errors.unavailable")}</p>
        <button type="button" className="btn" onClick={() => void reload()}>
          {t("order.retry")}
        </button>
      </div>
    );
  } else if (empty) {
    body = problem ? null : (
      <EmptyOutcome
        heading={t("checkout.emptyHeading")}
        text={t("checkout.emptyText")}
        more={[{ to: href.cart(), label: t("checkout.backToCart") }]}
      />
    );
  } else {
    body = (
      <div className={styles.grid}>
        {/* what is being bought comes first: above the form on a phone, beside it on a wide screen */}
        <aside aria-labelledby="co-summary-heading" className={styles.summaryArea}>
          <OrderSummary
            headingId="co-summary-heading"
            events={basket.events}
            total={{ ...totals.total, paymentFee: charge.paymentFee, amount: charge.amount }}
            feePercent={feePercent}
            promo={appliedPromo(basket)}
            currencyCode={basket.currencyCode}
            decimals={currency?.decimals}
          >
            <Suspense fallback={null}>
              <PromoPanel decimals={currency?.decimals ?? 2} lines={false} />
            </Suspense>
            <p className={styles.actions}>
              <Link to={href.cart()}>{t("checkout.editBasket")}</Link>
            </p>
            <p className={styles.hint}>{t("checkout.trust")}</p>
            <p className={styles.hint}>
              <Link to={href.info("guarantee")}>{t("checkout.guarantee")}</Link> ·{" "}
              <Link to={href.info("offer")}>{t("checkout.offer")}</Link>
            </p>
          </OrderSummary>
        </aside>
        <section aria-label={t("checkout.heading")} className={styles.formArea}>
          <Countdown
            expiresAt={basket.expiresAt}
            textKey="checkout.holdLeft"
            overKey="checkout.holdOver"
            onOver={() => void reload()}
            testId="hold-countdown"
            className={styles.countdown}
          />
          <CheckoutForm
            acquisitions={pageContext.acquisitions}
            onBasketProblem={setProblem}
            onPlaced={() => setPlaced(true)}
            onAcquisitionChange={setAcquisition}
          />
        </section>
      </div>
    );
  }

  return (
    <PageShell className={styles.page}>
      <h1>{t("checkout.heading")}</h1>
      <p className={styles.lead}>{t("checkout.lead")}</p>
      {problem && (
        <div className={`${styles.alert} ${styles.alertError}`} role="alert" data-testid="checkout-problem">
          <p>{t(problem.key)}</p>
          <Link to={href.cart()} state={{ checkoutProblem: problem.key }} className="btn">
            {t("checkout.backToCart")}
          </Link>
        </div>
      )}
      {body}
    </PageShell>
  );
}

export const Head = textHead({ title: "checkout.title", description: "checkout.description", noindex: true });

export const query = graphql`
  query ($language: String!) {
    ...LocalesAll
  }
`;
