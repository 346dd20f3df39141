/**
 * /order/pay/<id>/ (client-only, any sub-path): the order's summary and the sandbox
 * acquirer's card form. Approved goes to payment success, declined to order fail.
 */
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { useI18next } from "gatsby-plugin-react-i18next";
import React from "react";
import { useTranslation } from "react-i18next";
import type { Order } from "../basket/types";
import type { StaticPageContext } from "../site/page-context";
import { CheckoutStyles } from "../checkout/checkout-styles";
import { orderIdFromPath, pathAfterPayment } from "../checkout/outcome";
import { OrderNotFound, OrderNumber, OrderOutcomeFallback, OrderSummaryAside, WaysForward } from "../checkout/outcome-parts";
import { PayForm } from "../checkout/pay-form";
import { useOrderFromUrl, type UrlLike } from "../checkout/use-order";
import { Seo } from "../components/seo";
import { useCurrency } from "../currency/currency-context";
import { findCurrency } from "../currency/choose-currency";
import { makeHeadT, type LocalesQueryData } from "../i18n/head-t";

const payOrderId = (location: UrlLike) => orderIdFromPath(location.pathname, "pay");

/** An order found: its card form, or why it cannot be paid (any more), beside its summary. */
function PayOrder({ order }: { order: Order }): React.JSX.Element {
  const { t } = useTranslation();
  const { navigate } = useI18next();
  const { currencies } = useCurrency();
  if (order.status === "paid" || order.status === "cancelled") {
    const paid = order.status === "paid";
    return (
      <div className="co-grid">
        <div>
          <OrderNumber id={order.id} />
          <div className={`co-alert ${paid ? "co-alert-ok" : "co-alert-info"}`} role="status">
            <p>{paid ? t("order.pay.alreadyPaid") : t("order.pay.notPayable")}</p>
          </div>
          <WaysForward
            links={
              paid
                ? [{ to: pathAfterPayment(order.id, "paid"), label: t("order.pay.showTickets"), primary: true }]
                : [{ to: "/events/", label: t("order.pay.chooseAgain"), primary: true }]
            }
          />
        </div>
        <OrderSummaryAside order={order} />
      </div>
    );
  }
  return (
    <>
      <p className="co-lead">{t("order.pay.lead")}</p>
      <div className="co-grid">
        <div>
          <OrderNumber id={order.id} />
          <PayForm
            order={order}
            decimals={findCurrency(currencies, order.currencyCode)?.decimals}
            onResult={(answer) => void navigate(pathAfterPayment(answer.id, answer.status))}
            onAlreadyPaid={() => void navigate(pathAfterPayment(order.id, "paid"))}
          />
        </div>
        <OrderSummaryAside order={order} />
      </div>
    </>
  );
}

export default function OrderPayPage({ location }: PageProps<LocalesQueryData, StaticPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { view, reload } = useOrderFromUrl(location, payOrderId);
  // without an order id there is nothing to pay: the same answer as an unknown order
  return (
    <OrderOutcomeFallback
      title={t("order.pay.heading")}
      view={view}
      onRetry={reload}
      empty={<OrderNotFound />}
      ready={(order) => <PayOrder order={order} />}
    />
  );
}

export function Head({ data, pageContext }: HeadProps<LocalesQueryData, StaticPageContext>): React.JSX.Element {
  const t = makeHeadT(data);
  return (
    <Seo data={data} pageContext={pageContext} title={t("order.pay.title")} noindex>
      <CheckoutStyles />
    </Seo>
  );
}

export const query = graphql`
  query ($language: String!) {
    locales: allLocale(filter: { language: { eq: $language } }) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`;
