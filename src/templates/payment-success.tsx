/**
 * /payment/success/?order=<id>: where the acquirer sends the visitor back, approved or
 * not. The address is not trusted: the page reads the order's status itself.
 *
 * - paid: the order number, one e-ticket code per ticket, the printable bill (a free
 *   registration: "you are registered", and no bill);
 * - declined or cancelled (the acquirer appends `payment=`), or the order's last attempt
 *   failed: straight on to /order/fail/ in the same language, which gives the reason and
 *   "try again";
 * - awaiting payment: the acquirer may tell the server a moment after the browser arrives,
 *   so the page asks again every 1.5 s for up to 20 s, then says the payment was not
 *   completed and offers the pay page;
 * - expired or cancelled: said so, with the way back to the events.
 * Without an order (a direct visit) it explains itself.
 */
import { graphql } from "gatsby";
import { useI18next } from "gatsby-plugin-react-i18next";
import type React from "react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { OrderOutcome } from "../app/order-outcome";
import { PageShell } from "../app/page-shell";
import { failPathOnReturn, RETURN_POLL_INTERVAL_MS, returnOutcome, searchOrderId } from "../checkout/outcome";
import { FailMark, SuccessMark } from "../checkout/outcome-icons";
import { LoadingShell, OrderNumber, WaysForward } from "../checkout/outcome-parts";
import { useOrderFromUrl } from "../checkout/use-order";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { Order } from "../core/order";
import type { StaticPageContext } from "../core/page-context";
import { href } from "../core/routes";
import { TicketsSentTo } from "../tickets/ticket-cards";
import { OutcomeWithoutOrder } from "./parts/outcome-without-order";
import * as styles from "../checkout/checkout.module.css";

function Paid({ order }: { order: Order }): React.JSX.Element {
  const { t } = useTranslation();
  // nothing was paid for a free registration: no "payment went through", and no bill for 0.00
  const free = order.total.amount === 0;
  return (
    <OrderOutcome
      order={order}
      mark={<SuccessMark />}
      heading={t(free ? "payment.success.registeredHeading" : "payment.success.heading")}
      lead={t(free ? "payment.success.registeredLead" : "payment.success.lead", { email: order.email ?? "" })}
      outcome={free ? "registered" : "paid"}
      tickets
    >
      {order.email && <TicketsSentTo email={order.email} />}
      {!free && <WaysForward links={[{ to: href.orderBill(order.id), label: t("payment.success.bill") }]} />}
    </OrderOutcome>
  );
}

/** Not paid, and (for now or for good) not going to be by this attempt. */
function NotPaid({
  order,
  outcome,
}: {
  order: Order;
  outcome: "failed" | "expired" | "cancelled" | "not-completed";
}): React.JSX.Element {
  const { t } = useTranslation();
  const canRetry = outcome === "failed" || outcome === "not-completed";
  return (
    <OrderOutcome
      order={order}
      mark={<FailMark />}
      heading={t(`payment.return.${outcome}.heading`)}
      reason={{ text: t(`payment.return.${outcome}.text`), tone: canRetry ? "error" : "info" }}
      outcome={outcome}
    >
      <WaysForward
        links={
          canRetry
            ? [{ to: href.orderPay(order.id), label: t("order.fail.tryAgain"), primary: true }]
            : [{ to: href.events(), label: t("order.pay.chooseAgain"), primary: true }]
        }
      />
    </OrderOutcome>
  );
}

export default function PaymentSuccessPage({ location }: TemplateProps<StaticPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { view, reload, refresh } = useOrderFromUrl(location, searchOrderId);
  const { navigate } = useI18next();
  // how long this page has been waiting for the acquirer's word, counted from the first answer
  const firstAnswer = useRef<number | null>(null);
  const [waited, setWaited] = useState(0);

  const status = view.kind === "ready" ? view.order.status : null;
  // a refusal is said at once on the fail page: at the acquirer's word before the order is
  // read, or by the order's own status once it is
  const orderId = view.kind === "ready" ? view.order.id : view.kind === "loading" ? view.id : null;
  const failPath = orderId === null ? null : failPathOnReturn(orderId, location.search, status);
  useEffect(() => {
    if (failPath !== null) void navigate(failPath, { replace: true });
  }, [failPath, navigate]);

  useEffect(() => {
    if (status === null) return;
    firstAnswer.current ??= Date.now();
    if (failPath !== null || status !== "awaiting_payment" || returnOutcome(status, waited) !== "waiting") return;
    const timer = window.setTimeout(() => {
      void refresh().finally(() => setWaited(Date.now() - (firstAnswer.current ?? Date.now())));
    }, RETURN_POLL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [status, waited, refresh, failPath]);

  if (failPath !== null) return <PageShell className={styles.page} data-outcome="leaving" />;
  if (view.kind === "ready") {
    const { order } = view;
    const outcome = returnOutcome(order.status, waited);
    if (outcome === "paid") return <Paid order={order} />;
    if (outcome === "waiting") {
      return (
        <PageShell className={styles.page} data-outcome="waiting">
          <h1>{t("payment.return.waiting.heading")}</h1>
          <OrderNumber number={order.number} />
          <LoadingShell text={t("payment.return.waiting.text")} />
        </PageShell>
      );
    }
    return <NotPaid order={order} outcome={outcome} />;
  }

  return <OutcomeWithoutOrder page="payment.success" view={view} onRetry={reload} />;
}

export const Head = textHead({ title: "payment.success.title", noindex: true });

export const query = graphql`
  query ($language: String!) {
    ...LocalesAll
  }
`;
