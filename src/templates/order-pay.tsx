/**
 * /order/pay/<id>/ (client-only, any sub-path): the order's summary and the sandbox
 * acquirer's card form. Approved goes to payment success, declined to order fail.
 */
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { useI18next } from "gatsby-plugin-react-i18next";
import React from "react";
import { useTranslation } from "react-i18next";
import type { StaticPageContext } from "../build/page-context";
import { CheckoutStyles } from "../checkout/checkout-styles";
import { OrderSummary } from "../checkout/order-summary";
import { orderIdFromPath, pathAfterPayment } from "../checkout/outcome";
import { LoadError, LoadingShell, OrderNotFound, OrderNumber, WaysForward } from "../checkout/outcome-parts";
import { PayForm } from "../checkout/pay-form";
import { useOrderFromUrl, type UrlLike } from "../checkout/use-order";
import { Layout } from "../components/layout";
import { Seo } from "../components/seo";
import { useCurrency } from "../currency/currency-context";
import { findCurrency } from "../currency/choose-currency";
import { makeHeadT, type LocalesQueryData } from "../i18n/head-t";

const payOrderId = (location: UrlLike) => orderIdFromPath(location.pathname, "pay");

export default function OrderPayPage({ location }: PageProps<LocalesQueryData, StaticPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { navigate } = useI18next();
  const { currencies } = useCurrency();
  const { view, reload } = useOrderFromUrl(location, payOrderId);

  let body: React.ReactNode;
  switch (view.kind) {
    case "pending":
    case "loading":
      body = <LoadingShell text={t("order.loading")} />;
      break;
    case "none":
    case "not-found":
      body = <OrderNotFound />;
      break;
    case "error":
      body = <LoadError onRetry={reload} />;
      break;
    case "ready": {
      const { order } = view;
      const decimals = findCurrency(currencies, order.currencyCode)?.decimals;
      const summary = (
        <aside aria-labelledby="co-summary-heading">
          <OrderSummary headingId="co-summary-heading" events={order.events} total={order.total} currencyCode={order.currencyCode} decimals={decimals} />
        </aside>
      );
      if (order.status === "paid" || order.status === "cancelled") {
        const paid = order.status === "paid";
        body = (
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
            {summary}
          </div>
        );
      } else {
        body = (
          <div className="co-grid">
            <div>
              <OrderNumber id={order.id} />
              <PayForm
                order={order}
                decimals={decimals}
                onResult={(answer) => void navigate(pathAfterPayment(answer.id, answer.status))}
                onAlreadyPaid={() => void navigate(pathAfterPayment(order.id, "paid"))}
              />
            </div>
            {summary}
          </div>
        );
      }
      break;
    }
  }

  return (
    <Layout>
      <div className="container co-page">
        <h1>{t("order.pay.heading")}</h1>
        {view.kind === "ready" && (view.order.status === "awaiting_payment" || view.order.status === "failed") && (
          <p className="co-lead">{t("order.pay.lead")}</p>
        )}
        {body}
      </div>
    </Layout>
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
