/**
 * /order/bill/<id>/ (client-only; also /en/order/bill/*): the order's UAE tax invoice, in the
 * page's language; none for a free registration. The print rules of checkout.module.css drop
 * the site's header, footer and buttons and fit it on one A4 page.
 */
import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { PageShell } from "../app/page-shell";
import { roundMoney } from "../basket/totals";
import { pathAfterPayment } from "../checkout/outcome";
import {
  EmptyOutcome,
  LoadError,
  LoadingShell,
  OrderNotFound,
  StatusBadge,
  WaysForward,
} from "../checkout/outcome-parts";
import { type UrlLike, useOrderFromUrl } from "../checkout/use-order";
import { Money } from "../components/money";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { Lang } from "../core/catalogue";
import { formatDate, formatDateTime } from "../core/format";
import type { Order } from "../core/order";
import type { StaticPageContext } from "../core/page-context";
import { href, orderIdFromPath } from "../core/routes";
import { includedVat, SELLER } from "../core/seller";
import { findCurrency } from "../currency/choose-currency";
import { useCurrency } from "../currency/currency-context";
import { useAdmission } from "../events/admission";
import { usePageLanguage } from "../kernel/site-context";
import { PromoLines } from "../promo/promo-lines";
import * as styles from "../checkout/checkout.module.css";

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
  label: React.ReactNode;
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

/** The seller's block of the invoice: legal name, address and tax registration number. */
function SellerBlock({ lang }: { lang: Lang }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <address className={styles.seller} data-testid="bill-seller">
      <strong>{SELLER.legalName[lang]}</strong>
      <br />
      {SELLER.address[lang]}
      <br />
      {t("bill.trn")}:{" "}
      <bdi className={styles.mono} data-testid="bill-trn">
        {SELLER.trn}
      </bdi>
    </address>
  );
}

/**
 * A UAE tax invoice of a paid order (an invoice for payment while it is not paid): the
 * seller with its TRN, the invoice number (the order number) and date, the buyer, each line,
 * the promo code and what it took off, the totals in the order's currency with the 5 % VAT they include. One A4 page in print.
 */
function Bill({ order, decimals = 2 }: { order: Order; decimals?: number }): React.JSX.Element {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const money = (value: number) => <Money value={value} currencyCode={order.currencyCode} decimals={decimals} />;
  const admission = useAdmission();
  const paid = order.status === "paid";
  const back = paid ? pathAfterPayment(order.id, "paid") : href.orderPay(order.id);
  const vat = includedVat(order.total.amount, decimals);
  const invoiceDate = order.paidAt ?? order.createdAt;

  return (
    <article className={styles.bill} aria-labelledby="co-bill-heading" data-testid="tax-invoice">
      <div className={styles.billHead}>
        <div>
          <h1 id="co-bill-heading">{paid ? t("bill.heading") : t("bill.proforma")}</h1>
          <SellerBlock lang={language} />
        </div>
        <button type="button" className={`btn ${styles.noprint}`} onClick={() => window.print()}>
          {t("bill.print")}
        </button>
      </div>
      {!paid && <p className={styles.billNote}>{t("bill.proformaNote")}</p>}
      <dl className={styles.meta}>
        <dt>{t("bill.orderNumber")}</dt>
        <dd>
          <bdi className={`${styles.mono} ${styles.nowrap}`} data-testid="order-number">
            {order.number}
          </bdi>
        </dd>
        <dt>{t("bill.date")}</dt>
        <dd>
          <time dateTime={invoiceDate} data-testid="bill-date">
            {formatDate(invoiceDate, language)}
          </time>
        </dd>
        <dt>{t("bill.status")}</dt>
        <dd>
          <StatusBadge status={order.status} />
        </dd>
        {(order.name || order.email) && (
          <>
            <dt>{t("bill.buyer")}</dt>
            <dd data-testid="bill-buyer">
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
                // a multi-day session says the days it admits, as its ticket does
                const admits = (ticket.startedAt && admission(ticket.startedAt, ticket.endsAt, language)) || null;
                return (
                  <tr key={`${group.event.id}-${ticket.id}-${when ?? ""}`} data-testid="bill-line">
                    <td>
                      <bdi>{group.event.title}</bdi>
                      <br />
                      <small className="muted">
                        <bdi>{ticket.title}</bdi>
                        {when && (
                          <>
                            {" · "}
                            <span data-testid="bill-when">{admits ?? formatDateTime(when, language)}</span>
                          </>
                        )}
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
            {order.promo && (
              <PromoLines
                promo={order.promo}
                currencyCode={order.currencyCode}
                decimals={decimals}
                events={order.events}
                row={(line) => <TotalRow {...line} />}
              />
            )}
            {order.total.paymentFee > 0 && (
              <TotalRow label={t("bill.paymentFee")} value={money(order.total.paymentFee)} testId="bill-payment-fee" />
            )}
            <TotalRow label={t("bill.total")} value={money(order.total.amount)} testId="bill-total" />
            <TotalRow
              label={t("bill.vatIncluded", { percent: SELLER.vatPercent })}
              value={money(vat)}
              testId="bill-vat"
            />
            <TotalRow
              label={t("bill.totalExVat")}
              value={money(roundMoney(order.total.amount - vat))}
              testId="bill-ex-vat"
            />
          </tfoot>
        </table>
      </div>
      <p className={styles.billNote}>
        {t("bill.vatNote", { percent: SELLER.vatPercent, currency: order.currencyCode.toUpperCase() })}
      </p>
      <WaysForward links={[{ to: back, label: t("bill.back") }]} />
    </article>
  );
}

/** A free registration is not invoiced: say so, and lead to the tickets. */
function NoInvoice({ order }: { order: Order }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t("bill.title")}</h1>
      <EmptyOutcome heading={t("bill.freeHeading")} text={t("bill.freeText")} />
      <WaysForward links={[{ to: pathAfterPayment(order.id, "paid"), label: t("bill.tickets") }]} />
    </>
  );
}

export default function OrderBillPage({ location }: TemplateProps<StaticPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { currencies } = useCurrency();
  const { view, reload } = useOrderFromUrl(location, billOrderId);

  let body: React.ReactNode;
  switch (view.kind) {
    case "ready":
      body =
        view.order.total.amount === 0 ? (
          <NoInvoice order={view.order} />
        ) : (
          <Bill order={view.order} decimals={findCurrency(currencies, view.order.currencyCode)?.decimals} />
        );
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
