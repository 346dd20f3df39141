/**
 * /order/success/?order=<id>: an order placed with a way to pay that completes later (bank
 * transfer, cash) and what happens next. Reached directly, without an order, it is the
 * spec's "order success empty" template: an explanation and ways forward, not an error.
 */
import { graphql, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { useTranslation } from "react-i18next";
import type { StaticPageContext } from "../site/page-context";
import { CheckoutStyles } from "../checkout/checkout-styles";
import { billPath, orderIdFromSearch, pathAfterPayment } from "../checkout/outcome";
import { PendingMark } from "../checkout/outcome-icons";
import { EmptyOutcome, OrderOutcomeFallback, OrderNumber, OrderSummaryAside, StatusBadge, WaysForward } from "../checkout/outcome-parts";
import { useOrderFromUrl, type UrlLike } from "../checkout/use-order";
import { Layout } from "../components/layout";
import { Seo } from "../components/seo";
import { makeHeadT, type LocalesQueryData } from "../i18n/head-t";

const searchOrderId = (location: UrlLike) => orderIdFromSearch(location.search);

export default function OrderSuccessPage({ location }: PageProps<LocalesQueryData, StaticPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { view, reload } = useOrderFromUrl(location, searchOrderId);

  if (view.kind === "ready") {
    const { order } = view;
    return (
      <Layout>
        <div className="container co-page">
          <PendingMark />
          <h1>{t("order.success.heading")}</h1>
          <p className="co-lead">{t("order.success.lead")}</p>
          <div className="co-grid">
            <div>
              <OrderNumber id={order.id} />
              <p>
                <StatusBadge status={order.status} />
              </p>
              {order.status === "paid" ? (
                <WaysForward links={[{ to: pathAfterPayment(order.id, "paid"), label: t("order.pay.showTickets"), primary: true }]} />
              ) : (
                <section aria-labelledby="co-next-heading">
                  <h2 id="co-next-heading">{t("order.success.nextHeading")}</h2>
                  <ol className="co-next">
                    <li>{t("order.success.nextDetails", { email: order.email ?? "" })}</li>
                    <li>{t("order.success.nextTickets")}</li>
                    <li>{t("order.success.nextKeep")}</li>
                  </ol>
                </section>
              )}
              <WaysForward links={[{ to: billPath(order.id), label: t("payment.success.bill") }]} />
            </div>
            <OrderSummaryAside order={order} />
          </div>
        </div>
      </Layout>
    );
  }

  return (
    <OrderOutcomeFallback
      title={t("order.success.emptyTitle")}
      view={view}
      onRetry={reload}
      empty={
        <EmptyOutcome
          heading={t("order.success.emptyHeading")}
          text={t("order.success.emptyText")}
          links={[
            { to: "/events/", label: t("order.success.browseEvents"), primary: true },
            { to: "/cart/", label: t("order.success.openCart") },
            { to: "/contacts/", label: t("order.notFound.contacts") },
          ]}
        >
          <p className="muted">{t("order.success.help")}</p>
        </EmptyOutcome>
      }
    />
  );
}

export function Head({ data, pageContext }: HeadProps<LocalesQueryData, StaticPageContext>): React.JSX.Element {
  const t = makeHeadT(data);
  return (
    <Seo data={data} pageContext={pageContext} title={t("order.success.title")} noindex>
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
