/**
 * /order/success/?order=<id>: an order placed with a way to pay that completes later (bank
 * transfer, cash) and what happens next. Reached directly, without an order, it is the
 * "order success empty" page: an explanation and ways forward, not an error.
 */
import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { OrderOutcome } from "../app/order-outcome";
import { pathAfterPayment, searchOrderId } from "../checkout/outcome";
import { PendingMark } from "../checkout/outcome-icons";
import { FixedCurrencyNote, PayLaterInstructions, StatusBadge, WaysForward } from "../checkout/outcome-parts";
import { useOrderFromUrl } from "../checkout/use-order";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { PayAndDeliveryPageContext } from "../core/page-context";
import { href } from "../core/routes";
import { OutcomeWithoutOrder } from "./parts/outcome-without-order";
import * as styles from "../checkout/checkout.module.css";

export default function OrderSuccessPage({
  location,
  pageContext,
}: TemplateProps<PayAndDeliveryPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { view, reload } = useOrderFromUrl(location, searchOrderId);

  if (view.kind === "ready") {
    const { order } = view;
    const acquisition = (pageContext.acquisitions ?? []).find((a) => a.id === order.acquisitionId) ?? null;
    return (
      <OrderOutcome
        order={order}
        mark={<PendingMark />}
        heading={t("order.success.heading")}
        lead={t("order.success.lead")}
        tickets
      >
        <p>
          <StatusBadge status={order.status} />
        </p>
        {order.status === "paid" ? (
          <WaysForward
            links={[{ to: pathAfterPayment(order.id, "paid"), label: t("order.pay.showTickets"), primary: true }]}
          />
        ) : (
          <>
            {acquisition && order.status === "awaiting_payment" && (
              <PayLaterInstructions order={order} acquisition={acquisition} />
            )}
            <section aria-labelledby="co-next-heading">
              <h2 id="co-next-heading">{t("order.success.nextHeading")}</h2>
              <ol className={styles.next}>
                <li>{t("order.success.nextDetails", { email: order.email ?? "" })}</li>
                <li>{t("order.success.nextTickets")}</li>
                <li>{t("order.success.nextKeep")}</li>
              </ol>
            </section>
            <FixedCurrencyNote currencyCode={order.currencyCode} />
          </>
        )}
        <WaysForward links={[{ to: href.orderBill(order.id), label: t("payment.success.bill") }]} />
      </OrderOutcome>
    );
  }

  return (
    <OutcomeWithoutOrder
      page="order.success"
      view={view}
      onRetry={reload}
      more={[{ to: href.cart(), label: t("order.success.openCart") }]}
    >
      <p className="muted">{t("order.success.help")}</p>
    </OutcomeWithoutOrder>
  );
}

export const Head = textHead({ title: "order.success.title", noindex: true });

export const query = graphql`
  query ($language: String!) {
    ...LocalesAll
  }
`;
