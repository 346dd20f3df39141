/**
 * /order/success/?order=<id>: an order placed with a way to pay that completes later (bank
 * transfer, cash) and what happens next. Reached directly, without an order, it is the
 * spec's "order success empty" template: an explanation and ways forward, not an error.
 */
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import type { PayAndDeliveryPageContext } from "../site/page-context";
import { orderIdFromSearch, pathAfterPayment } from "../checkout/outcome";
import { PendingMark } from "../checkout/outcome-icons";
import {
  EmptyOutcome,
  FixedCurrencyNote,
  OrderOutcomeFallback,
  OrderNumber,
  OrderSummaryAside,
  PayLaterInstructions,
  StatusBadge,
  WaysForward,
} from "../checkout/outcome-parts";
import { useOrderFromUrl, type UrlLike } from "../checkout/use-order";
import { Layout } from "../components/layout";
import { TicketCards } from "../tickets/ticket-cards";
import { Seo } from "../components/seo";
import { makeHeadT, type LocalesQueryData } from "../i18n/head-t";
import * as styles from "../checkout/checkout.module.css";
import { href } from "../site/routes";

const searchOrderId = (location: UrlLike) => orderIdFromSearch(location.search);

export default function OrderSuccessPage({
  location,
  pageContext,
}: PageProps<LocalesQueryData, PayAndDeliveryPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { view, reload } = useOrderFromUrl(location, searchOrderId);

  if (view.kind === "ready") {
    const { order } = view;
    const acquisition = (pageContext.acquisitions ?? []).find((a) => a.id === order.acquisitionId) ?? null;
    return (
      <Layout>
        <div className={`container ${styles.page}`}>
          <PendingMark />
          <h1>{t("order.success.heading")}</h1>
          <p className={styles.lead}>{t("order.success.lead")}</p>
          <div className={styles.grid}>
            <div>
              <OrderNumber number={order.number} />
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
            </div>
            <OrderSummaryAside order={order} />
          </div>
          <TicketCards order={order} />
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
            { to: href.events(), label: t("order.success.browseEvents"), primary: true },
            { to: href.cart(), label: t("order.success.openCart") },
            { to: "/contacts/", label: t("order.notFound.contacts") },
          ]}
        >
          <p className="muted">{t("order.success.help")}</p>
        </EmptyOutcome>
      }
    />
  );
}

export function Head({ data, pageContext }: HeadProps<LocalesQueryData, PayAndDeliveryPageContext>): React.JSX.Element {
  const t = makeHeadT(data);
  return <Seo data={data} pageContext={pageContext} title={t("order.success.title")} noindex />;
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
