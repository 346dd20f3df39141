/**
 * /order/fail/?order=<id>&reason=declined: the payment did not go through. The reason, and
 * a way to try again on the same order (its tickets stay reserved).
 */
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type React from "react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { StaticPageContext } from "../site/page-context";
import { failReasonFromSearch, orderIdFromSearch, pathAfterPayment, type FailReason } from "../checkout/outcome";
import { FailMark } from "../checkout/outcome-icons";
import {
  EmptyOutcome,
  OrderOutcomeFallback,
  OrderNumber,
  OrderSummaryAside,
  WaysForward,
} from "../checkout/outcome-parts";
import { useOrderFromUrl, type UrlLike } from "../checkout/use-order";
import { Layout } from "../components/layout";
import { Seo } from "../components/seo";
import { makeHeadT, type LocalesQueryData } from "../i18n/head-t";
import * as styles from "../checkout/checkout.module.css";
import { href } from "../site/routes";

const searchOrderId = (location: UrlLike) => orderIdFromSearch(location.search);

export default function OrderFailPage({ location }: PageProps<LocalesQueryData, StaticPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { view, reload } = useOrderFromUrl(location, searchOrderId);
  // read in an effect like the order id: the build-time page has no query string
  const [reason, setReason] = useState<FailReason | null>(null);
  useEffect(() => setReason(failReasonFromSearch(location.search)), [location.search]);

  if (view.kind === "ready" && view.order.status !== "paid") {
    const { order } = view;
    const why = order.status === "cancelled" ? "cancelled" : (reason ?? "unknown");
    return (
      <Layout>
        <div className={`container ${styles.page}`}>
          <FailMark />
          <h1>{t("order.fail.heading")}</h1>
          <div className={styles.grid}>
            <div>
              <div className={`${styles.alert} ${styles.alertError}`} role="alert" data-testid="fail-reason">
                <p>{t(`order.fail.reason.${why}`)}</p>
              </div>
              <OrderNumber number={order.number} />
              {order.status !== "cancelled" && (
                <>
                  <p>{t("order.fail.next")}</p>
                  <WaysForward
                    links={[{ to: href.orderPay(order.id), label: t("order.fail.tryAgain"), primary: true }]}
                  />
                </>
              )}
            </div>
            <OrderSummaryAside order={order} />
          </div>
        </div>
      </Layout>
    );
  }

  return (
    <OrderOutcomeFallback
      title={t("order.fail.emptyTitle")}
      view={view}
      onRetry={reload}
      empty={
        <EmptyOutcome
          heading={t("order.fail.emptyHeading")}
          text={t("order.fail.emptyText")}
          links={[
            { to: href.events(), label: t("order.fail.browseEvents"), primary: true },
            { to: "/contacts/", label: t("order.fail.contacts") },
          ]}
        />
      }
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

export function Head({ data, pageContext }: HeadProps<LocalesQueryData, StaticPageContext>): React.JSX.Element {
  const t = makeHeadT(data);
  return <Seo data={data} pageContext={pageContext} title={t("order.fail.title")} noindex />;
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
