/**
 * /order/fail/?order=<id>&reason=declined: the payment did not go through. The reason, and
 * a way to try again on the same order (its tickets stay reserved).
 */
import { graphql } from "gatsby";
import type React from "react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { OrderOutcome } from "../app/order-outcome";
import { type FailReason, pathAfterPayment, searchOrderId } from "../checkout/outcome";
import { FailMark } from "../checkout/outcome-icons";
import { OrderNumber, WaysForward } from "../checkout/outcome-parts";
import { useOrderFromUrl } from "../checkout/use-order";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { StaticPageContext } from "../core/page-context";
import { failReasonFromSearch, href } from "../core/routes";
import { OutcomeWithoutOrder } from "./parts/outcome-without-order";
import * as styles from "../checkout/checkout.module.css";

export default function OrderFailPage({ location }: TemplateProps<StaticPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { view, reload } = useOrderFromUrl(location, searchOrderId);
  // read in an effect like the order id: the build-time page has no query string
  const [reason, setReason] = useState<FailReason | null>(null);
  useEffect(() => setReason(failReasonFromSearch(location.search)), [location.search]);

  if (view.kind === "ready" && view.order.status !== "paid") {
    const { order } = view;
    // "cancelled" in the address is the buyer leaving the bank's page; a cancelled order is another thing
    const why =
      order.status === "cancelled" ? "cancelled" : reason === "cancelled" ? "paymentCancelled" : (reason ?? "unknown");
    return (
      <OrderOutcome
        order={order}
        mark={<FailMark />}
        heading={t(why === "paymentCancelled" ? "order.fail.headingCancelled" : "order.fail.heading")}
        outcome={why}
        reason={{ text: t(`order.fail.reason.${why}`), tone: "error" }}
      >
        {order.status !== "cancelled" && (
          <>
            <p>{t("order.fail.next")}</p>
            <WaysForward links={[{ to: href.orderPay(order.id), label: t("order.fail.tryAgain"), primary: true }]} />
          </>
        )}
      </OrderOutcome>
    );
  }

  return (
    <OutcomeWithoutOrder
      page="order.fail"
      view={view}
      onRetry={reload}
      // paid after all (a retry elsewhere, or the back button): show the tickets instead
      ready={(order) => (
        <>
          <OrderNumber number={order.number} />
          <div className={`${styles.alert} ${styles.alertOk}`} role="status">
            <p>{t("order.pay.alreadyPaid")}</p>
          </div>
          <WaysForward
            links={[{ to: pathAfterPayment(order.id, "paid"), label: t("order.pay.showTickets"), primary: true }]}
          />
        </>
      )}
    />
  );
}

export const Head = textHead({ title: "order.fail.title", noindex: true });

export const query = graphql`
  query ($language: String!) {
    ...LocalesAll
  }
`;
