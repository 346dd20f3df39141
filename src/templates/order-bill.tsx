/**
 * /order/bill/<id>/ (client-only; also /en/order/bill/*): a printable bill of the order.
 * The print rules of checkout.module.css drop the site's header, footer and buttons.
 */
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { useSite } from "../app/site-context";
import { roundMoney } from "../basket/totals";
import type { Order } from "../basket/types";
import type { StaticPageContext } from "../site/page-context";
import { Money } from "../checkout/money";
import { orderIdFromPath, pathAfterPayment } from "../checkout/outcome";
import {
  EmptyOutcome,
  LoadError,
  LoadingShell,
  OrderNotFound,
  StatusBadge,
  WaysForward,
} from "../checkout/outcome-parts";
import { useOrderFromUrl, type UrlLike } from "../checkout/use-order";
import { Layout } from "../components/layout";
import { TicketCards } from "../tickets/ticket-cards";
import { Seo } from "../components/seo";
import { findCurrency } from "../currency/choose-currency";
import { useCurrency } from "../currency/currency-context";
import { formatDate, formatDateTime } from "../i18n/format";
import { makeHeadT, type LocalesQueryData } from "../i18n/head-t";
import * as styles from "../checkout/checkout.module.css";
import { href } from "../site/routes";

const billOrderId = (location: UrlLike) => orderIdFromPath(location.pathname, "bill");

function Bill({ order, decimals }: { order: Order; decimals?: number }): React.JSX.Element {
  const { t } = useTranslation();
  const { language } = useSite();
  const money = (value: number) => (
    <Money value={value} currencyCode={order.currencyCode} lang={language} decimals={decimals} />
  );
  const back = order.status === "paid" ? pathAfterPayment(order.id, "paid") : href.orderPay(order.id);

  return (
    <article className={styles.bill} aria-labelledby="co-bill-heading">
      <div className={styles.billHead}>
        <div>
          <p className="muted">{t("bill.seller")}</p>
          <h1 id="co-bill-heading">{t("bill.heading")}</h1>
        </div>
        <button type="button" className={`btn ${styles.noprint}`} onClick={() => window.print()}>
          {t("bill.print")}
        </button>
      </div>
      <dl className={styles.meta}>
        <dt>{t("bill.orderNumber")}</dt>
        <dd>
          <bdi className={styles.mono} data-testid="order-number">
            {order.number}
          </bdi>
        </dd>
        <dt>{t("bill.date")}</dt>
        <dd>
          <time dateTime={order.createdAt}>{formatDate(order.createdAt, language)}</time>
        </dd>
        <dt>{t("bill.status")}</dt>
        <dd>
          <StatusBadge status={order.status} />
        </dd>
        {order.paidAt && (
          <>
            <dt>{t("bill.paidAt")}</dt>
            <dd>
              <time dateTime={order.paidAt}>{formatDateTime(order.paidAt, language)}</time>
            </dd>
          </>
        )}
        {(order.name || order.email) && (
          <>
            <dt>{t("bill.buyer")}</dt>
            <dd>
              <bdi>{order.name}</bdi>
              {order.email && (
                <>
                  {" · "}
                  <bdi>{order.email}</bdi>
                </>
              )}
            </dd>
          </>
        )}
      </dl>
      <div className={styles.tableWrap}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t("bill.item")}</th>
              <th scope="col" className={styles.num}>
                {t("bill.quantity")}
              </th>
              <th scope="col" className={`${styles.num} ${styles.wide}`}>
                {t("bill.unitPrice")}
              </th>
              <th scope="col" className={`${styles.num} ${styles.wide}`}>
                {t("bill.serviceFee")}
              </th>
              <th scope="col" className={styles.num}>
                {t("bill.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.events.flatMap((group) =>
              group.tickets.map((ticket) => {
                const when = ticket.startedAt ?? group.event.startedAt;
                return (
                  <tr key={`${group.event.id}-${ticket.id}`}>
                    <td>
                      <bdi>{group.event.title}</bdi>
                      <br />
                      <small className="muted">
                        <bdi>{ticket.title}</bdi>
                        {when && <> · {formatDateTime(when, language)}</>}
                        {group.event.place && (
                          <>
                            {" · "}
                            <bdi>{group.event.place.title}</bdi>
                          </>
                        )}
                      </small>
                    </td>
                    <td className={styles.num}>{ticket.count}</td>
                    <td className={`${styles.num} ${styles.wide}`}>{money(ticket.price)}</td>
                    <td className={`${styles.num} ${styles.wide}`}>{money(ticket.serviceFee)}</td>
                    <td className={styles.num}>
                      {money(roundMoney((ticket.price + ticket.serviceFee) * ticket.count))}
                    </td>
                  </tr>
                );
              }),
            )}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={4} className={styles.wide}>
                {t("bill.subtotal")}
              </td>
              <td colSpan={2} className={styles.narrow}>
                {t("bill.subtotal")}
              </td>
              <td className={styles.num}>{money(order.total.price)}</td>
            </tr>
            <tr>
              <td colSpan={4} className={styles.wide}>
                {t("bill.serviceFee")}
              </td>
              <td colSpan={2} className={styles.narrow}>
                {t("bill.serviceFee")}
              </td>
              <td className={styles.num}>{money(order.total.serviceFee)}</td>
            </tr>
            {order.total.paymentFee > 0 && (
              <tr>
                <td colSpan={4} className={styles.wide}>
                  {t("bill.paymentFee")}
                </td>
                <td colSpan={2} className={styles.narrow}>
                  {t("bill.paymentFee")}
                </td>
                <td className={styles.num} data-testid="bill-payment-fee">
                  {money(order.total.paymentFee)}
                </td>
              </tr>
            )}
            <tr>
              <td colSpan={4} className={styles.wide}>
                {t("bill.total")}
              </td>
              <td colSpan={2} className={styles.narrow}>
                {t("bill.total")}
              </td>
              <td className={styles.num} data-testid="bill-total">
                {money(order.total.amount)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {order.tickets.length > 0 && (
        <section aria-labelledby="co-bill-codes">
          <h2 id="co-bill-codes">{t("bill.codes")}</h2>
          <ul className={`${styles.codes} ${styles.mono}`} lang="en" dir="ltr">
            {order.tickets.map((ticket) => (
              <li key={ticket.code}>{ticket.code}</li>
            ))}
          </ul>
        </section>
      )}
      <TicketCards order={order} />
      <WaysForward links={[{ to: back, label: t("bill.back") }]} />
    </article>
  );
}

export default function OrderBillPage({ location }: PageProps<LocalesQueryData, StaticPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { currencies } = useCurrency();
  const { view, reload } = useOrderFromUrl(location, billOrderId);

  let body: React.ReactNode;
  switch (view.kind) {
    case "ready":
      body = <Bill order={view.order} decimals={findCurrency(currencies, view.order.currencyCode)?.decimals} />;
      break;
    case "pending":
    case "loading":
      body = (
        <>
          <h1>{t("bill.title")}</h1>
          <LoadingShell text={t("order.loading")} />
        </>
      );
      break;
    case "none":
      body = (
        <>
          <h1>{t("bill.title")}</h1>
          <EmptyOutcome
            heading={t("bill.emptyHeading")}
            text={t("bill.emptyText")}
            links={[{ to: href.events(), label: t("order.notFound.browseEvents"), primary: true }]}
          />
        </>
      );
      break;
    case "not-found":
      body = <OrderNotFound as="h1" />;
      break;
    case "error":
      body = (
        <>
          <h1>{t("bill.title")}</h1>
          <LoadError onRetry={reload} />
        </>
      );
      break;
  }

  return (
    <Layout>
      <div className={`container ${styles.page}`}>{body}</div>
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<LocalesQueryData, StaticPageContext>): React.JSX.Element {
  const t = makeHeadT(data);
  return <Seo data={data} pageContext={pageContext} title={t("bill.title")} noindex />;
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
