/**
 * /order/bill/<id>/ (client-only; also /en/order/bill/*): a printable bill of the order.
 * The print rules of checkout.module.css drop the site's header, footer and buttons.
 */
import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { useSite } from "../app/site-context";
import { roundMoney } from "../basket/totals";
import type { Order } from "../core/order";
import type { StaticPageContext } from "../core/page-context";
import { Money } from "../checkout/money";
import { pathAfterPayment } from "../checkout/outcome";
import { orderIdFromPath } from "../core/routes";
import {
  EmptyOutcome,
  LoadError,
  LoadingShell,
  OrderNotFound,
  StatusBadge,
  WaysForward,
} from "../checkout/outcome-parts";
import { useOrderFromUrl, type UrlLike } from "../checkout/use-order";
import { PageShell } from "../app/page-shell";
import { TicketCards } from "../tickets/ticket-cards";
import { findCurrency } from "../currency/choose-currency";
import { useCurrency } from "../currency/currency-context";
import { formatDate, formatDateTime } from "../core/format";
import { href } from "../core/routes";
import * as styles from "../checkout/checkout.module.css";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";

const billOrderId = (location: UrlLike) => orderIdFromPath(location.pathname, "bill");

/**
 * A line of the bill's totals: the label spans the four columns before the amount, or on a
 * phone, where the unit price and fee columns are hidden, the two that remain.
 */
function TotalRow({
  label,
  value,
  testId,
}: {
  label: string;
  value: React.ReactNode;
  testId?: string;
}): React.JSX.Element {
  return (
    <tr>
      <td colSpan={4} className={styles.wide}>
        {label}
      </td>
      <td colSpan={2} className={styles.narrow}>
        {label}
      </td>
      <td className={styles.num} data-testid={testId}>
        {value}
      </td>
    </tr>
  );
}

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
            <TotalRow label={t("bill.subtotal")} value={money(order.total.price)} />
            <TotalRow label={t("bill.serviceFee")} value={money(order.total.serviceFee)} />
            {order.total.paymentFee > 0 && (
              <TotalRow label={t("bill.paymentFee")} value={money(order.total.paymentFee)} testId="bill-payment-fee" />
            )}
            <TotalRow label={t("bill.total")} value={money(order.total.amount)} testId="bill-total" />
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

export default function OrderBillPage({ location }: TemplateProps<StaticPageContext>): React.JSX.Element {
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
          <EmptyOutcome heading={t("bill.emptyHeading")} text={t("bill.emptyText")} />
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

  return <PageShell className={styles.page}>{body}</PageShell>;
}

export const Head = textHead({ title: "bill.title", noindex: true });

export const query = graphql`
  query ($language: String!) {
    ...LocalesAll
  }
`;
