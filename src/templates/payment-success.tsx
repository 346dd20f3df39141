/**
 * /payment/success/?order=<id>: the order is paid. What was bought, one e-ticket code per
 * ticket, the printable bill. Without an order (a direct visit) it explains itself.
 */
import { graphql, type HeadProps, type PageProps } from "gatsby";
import React from "react";
import { useTranslation } from "react-i18next";
import type { StaticPageContext } from "../site/page-context";
import { CheckoutStyles } from "../checkout/checkout-styles";
import { billPath, orderIdFromSearch, payPath } from "../checkout/outcome";
import { SuccessMark } from "../checkout/outcome-icons";
import { EmptyOutcome, OrderOutcomeFallback, OrderNumber, OrderSummaryAside, WaysForward } from "../checkout/outcome-parts";
import { TicketCodes } from "../checkout/ticket-codes";
import { useOrderFromUrl, type UrlLike } from "../checkout/use-order";
import { Layout } from "../components/layout";
import { Seo } from "../components/seo";
import { makeHeadT, type LocalesQueryData } from "../i18n/head-t";

const searchOrderId = (location: UrlLike) => orderIdFromSearch(location.search);

export default function PaymentSuccessPage({ location }: PageProps<LocalesQueryData, StaticPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { view, reload } = useOrderFromUrl(location, searchOrderId);

  if (view.kind === "ready" && view.order.status === "paid") {
    const { order } = view;
    return (
      <Layout>
        <div className="container co-page">
          <SuccessMark />
          <h1>{t("payment.success.heading")}</h1>
          <p className="co-lead">{t("payment.success.lead", { email: order.email ?? "" })}</p>
          <div className="co-grid">
            <div>
              <OrderNumber id={order.id} />
              <TicketCodes codes={order.ticketsCodes} />
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
      title={t("payment.success.emptyTitle")}
      view={view}
      onRetry={reload}
      empty={
        <EmptyOutcome
          heading={t("payment.success.emptyHeading")}
          text={t("payment.success.emptyText")}
          links={[
            { to: "/events/", label: t("payment.success.browseEvents"), primary: true },
            { to: "/contacts/", label: t("payment.success.contacts") },
          ]}
        />
      }
      ready={(order) => (
        <>
          <OrderNumber id={order.id} />
          <div className="co-alert co-alert-info" role="status">
            <p>{t("payment.success.notPaid")}</p>
          </div>
          <WaysForward links={[{ to: payPath(order.id), label: t("payment.success.goPay"), primary: true }]} />
        </>
      )}
    />
  );
}

export function Head({ data, pageContext }: HeadProps<LocalesQueryData, StaticPageContext>): React.JSX.Element {
  const t = makeHeadT(data);
  return (
    <Seo data={data} pageContext={pageContext} title={t("payment.success.title")} noindex>
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
