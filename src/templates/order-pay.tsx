/**
 * /order/pay/<id>/ (client-only, any sub-path): the order to pay, by number, amount and
 * the time left, and one button that hands the visitor over to the acquirer's hosted
 * payment page. No card field is ever on this site: the acquirer sends the browser back
 * to /payment/success/, which reads the order's status itself.
 *
 * Orders paid later (cash, bank transfer) say where, by when and how much instead. The
 * order's currency was fixed when it was placed, so the header's currency switcher is
 * not offered here and the page says why.
 */
import { graphql } from "gatsby";
import { useI18next } from "gatsby-plugin-react-i18next";
import type React from "react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { OrderOutcomeFallback } from "../app/order-outcome";
import { useBasket } from "../basket/basket-context";
import { paysOnline } from "../checkout/acquisitions";
import { pathAfterPayment } from "../checkout/outcome";
import {
  FixedCurrencyNote,
  OrderNotFound,
  OrderNumber,
  OrderSummaryAside,
  PayLaterInstructions,
  WaysForward,
} from "../checkout/outcome-parts";
import { explainServerError } from "../checkout/server-errors";
import { type UrlLike, useOrderFromUrl } from "../checkout/use-order";
import { toBasketApiError } from "../clients/basket-client";
import { Countdown } from "../components/countdown";
import { Money } from "../components/money";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { Acquisition } from "../core/catalogue";
import type { Order } from "../core/order";
import type { PayAndDeliveryPageContext } from "../core/page-context";
import { absoluteUrl, href, orderIdFromPath } from "../core/routes";
import { findCurrency } from "../currency/choose-currency";
import { useCurrency } from "../currency/currency-context";
import { usePageLanguage } from "../kernel/site-context";
import * as styles from "../checkout/checkout.module.css";

const payOrderId = (location: UrlLike) => orderIdFromPath(location.pathname, "pay");

/**
 * The hand-over: one payment start at a time (the ref guards the handler before React has
 * re-rendered the disabled button), and the browser leaves for the acquirer's page.
 */
function StartPayment({ order, onStale }: { order: Order; onStale(): void }): React.JSX.Element {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const { client } = useBasket();
  const { navigate } = useI18next();
  const { currencies } = useCurrency();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const decimals = findCurrency(currencies, order.currencyCode)?.decimals;

  const onClick = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStarting(true);
    setError(null);
    try {
      const { redirectUrl } = await client.startPayment(
        order.id,
        absoluteUrl(window.location.origin, href.paymentSuccess(), language),
        language,
      );
      // stays disabled: the browser is on its way to the acquirer
      window.location.assign(redirectUrl);
    } catch (err) {
      const apiError = toBasketApiError(err);
      const explained = explainServerError(apiError.status ?? 0, apiError.network ? null : apiError.code);
      inFlight.current = false;
      setStarting(false);
      if (explained.action === "show-paid") {
        void navigate(pathAfterPayment(order.id, "paid"));
        return;
      }
      setError(explained.key);
      if (explained.action === "reload-order") onStale();
    }
  };

  return (
    <div className={styles.payBox}>
      {error && (
        <div className={`${styles.alert} ${styles.alertError}`} role="alert">
          <p>{t(error)}</p>
        </div>
      )}
      <button
        type="button"
        className={`btn ${styles.submit}`}
        disabled={starting}
        aria-busy={starting}
        onClick={() => void onClick()}
      >
        {starting ? (
          t("payment.starting")
        ) : (
          <>
            {t("payment.payButton")}{" "}
            <Money value={order.total.amount} currencyCode={order.currencyCode} decimals={decimals} />
          </>
        )}
      </button>
      <p className={styles.hint}>{t("payment.handOver")}</p>
    </div>
  );
}

/** An order found: how to pay it, or why it cannot be paid (any more), beside its summary. */
function PayOrder({
  order,
  acquisition,
  onStale,
}: {
  order: Order;
  acquisition: Acquisition | null;
  onStale(): void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { currencies } = useCurrency();
  const decimals = findCurrency(currencies, order.currencyCode)?.decimals;

  if (order.status === "paid" || order.status === "cancelled" || order.status === "expired") {
    const paid = order.status === "paid";
    return (
      <div className={styles.grid}>
        <div>
          <OrderNumber number={order.number} />
          <div
            className={`${styles.alert} ${paid ? styles.alertOk : styles.alertInfo}`}
            role="status"
            data-testid="pay-status"
          >
            <p>
              {paid
                ? t("order.pay.alreadyPaid")
                : order.status === "expired"
                  ? t("order.pay.expired")
                  : t("order.pay.notPayable")}
            </p>
          </div>
          <WaysForward
            links={
              paid
                ? [{ to: pathAfterPayment(order.id, "paid"), label: t("order.pay.showTickets"), primary: true }]
                : [{ to: href.events(), label: t("order.pay.chooseAgain"), primary: true }]
            }
          />
        </div>
        <OrderSummaryAside order={order} />
      </div>
    );
  }

  const online = acquisition === null || paysOnline(acquisition.type);
  return (
    <>
      <p className={styles.lead}>{online ? t("order.pay.lead") : t("order.pay.leadLater")}</p>
      <div className={styles.grid}>
        <div>
          <OrderNumber number={order.number} />
          {order.status === "failed" && (
            <div className={`${styles.alert} ${styles.alertError}`} role="alert" data-testid="fail-reason">
              <p>{t("order.fail.reason.declined")}</p>
              <p>{t("order.fail.next")}</p>
            </div>
          )}
          <dl className={styles.meta}>
            <dt>{t("order.pay.amount")}</dt>
            <dd data-testid="pay-amount">
              <strong>
                <Money value={order.total.amount} currencyCode={order.currencyCode} decimals={decimals} />
              </strong>
            </dd>
          </dl>
          <Countdown
            expiresAt={order.expiresAt}
            textKey="order.pay.timeLeft"
            overKey="order.pay.timeOver"
            onOver={onStale}
            testId="pay-countdown"
            className={styles.countdown}
          />
          {online || !acquisition ? (
            <StartPayment order={order} onStale={onStale} />
          ) : (
            <PayLaterInstructions order={order} acquisition={acquisition} />
          )}
          <FixedCurrencyNote currencyCode={order.currencyCode} />
        </div>
        <OrderSummaryAside order={order} />
      </div>
    </>
  );
}

export default function OrderPayPage({
  location,
  pageContext,
}: TemplateProps<PayAndDeliveryPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { view, reload, refresh } = useOrderFromUrl(location, payOrderId);
  const acquisitionOf = (order: Order) =>
    (pageContext.acquisitions ?? []).find((a) => a.id === order.acquisitionId) ?? null;
  // without an order id there is nothing to pay: the same answer as an unknown order
  return (
    <OrderOutcomeFallback
      title={t("order.pay.heading")}
      view={view}
      onRetry={reload}
      empty={<OrderNotFound />}
      ready={(order) => <PayOrder order={order} acquisition={acquisitionOf(order)} onStale={() => void refresh()} />}
    />
  );
}

export const Head = textHead({ title: "order.pay.title", noindex: true });

export const query = graphql`
  query ($language: String!) {
    ...LocalesAll
  }
`;
