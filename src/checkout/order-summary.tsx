/**
 * What is being bought: tickets grouped by event and, within it, by session (each line under
 * its own date), then tickets, service fee, the promo code's discount and total.
 * The same block beside the checkout form (from the basket) and on every order page
 * (from the order), so a visitor sees one consistent account of the purchase.
 */
import type React from "react";
import { useTranslation } from "react-i18next";
import { roundMoney } from "../basket/totals";
import { Money, useMoneyText } from "../components/money";
import type { Lang } from "../core/catalogue";
import { formatNumber, formatSession } from "../core/format";
import type { BasketEventGroup } from "../core/order";
import { bySession } from "../core/sessions";
import { usePageLanguage } from "../kernel/site-context";
import { type PromoAmounts, PromoLines } from "../promo/promo-lines";
import * as styles from "./checkout.module.css";

/** Tickets and service fee always; the payment fee and amount once a way to pay is known. */
export interface SummaryTotal {
  price: number;
  serviceFee: number;
  count: number;
  paymentFee?: number;
  amount?: number;
}

export interface OrderSummaryProps {
  events: readonly BasketEventGroup[];
  total: SummaryTotal;
  /** the way to pay's fee percentage, named beside its fee */
  feePercent?: number | null;
  currencyCode: string;
  decimals?: number;
  /** the promo code that takes something off (2.3), with its lines per event and in all */
  promo?: PromoAmounts;
  /** the heading's id, for the landmark that holds the summary */
  headingId?: string;
  /** heading text; "Your order" when omitted */
  heading?: string;
  children?: React.ReactNode;
}

/** "2.5" as the page's language writes it, with as many decimals as the percentage has. */
export function percentText(value: number, lang: Lang): string {
  const decimals = Math.min(3, String(value).split(".")[1]?.length ?? 0);
  return formatNumber(value, lang, decimals);
}

export function OrderSummary({
  events,
  total,
  feePercent,
  currencyCode,
  decimals = 2,
  promo,
  headingId,
  heading,
  children,
}: OrderSummaryProps): React.JSX.Element {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const moneyText = useMoneyText();
  const money = (value: number) => <Money value={value} currencyCode={currencyCode} decimals={decimals} />;

  return (
    <div className={`${styles.card} ${styles.summary}`}>
      <h2 id={headingId}>{heading ?? t("order.summary.heading")}</h2>
      <p className={styles.eventMeta}>{t("order.summary.ticketsCount", { count: total.count })}</p>
      {events.map((group) => (
        <section className={styles.event} key={group.event.id} aria-label={group.event.title}>
          <h3 dir="auto">{group.event.title}</h3>
          {group.event.place && (
            <p className={styles.eventMeta}>
              <bdi>{group.event.place.title}</bdi>
            </p>
          )}
          {bySession(group.tickets).map((session) => {
            const when = session.startedAt ?? group.event.startedAt;
            return (
              <div key={when ?? ""} data-testid="summary-session" data-started-at={when ?? undefined}>
                {when && (
                  <p className={styles.sessionWhen}>
                    <time dateTime={when}>{formatSession(when, session.endsAt, language)}</time>
                  </p>
                )}
                <ul className={styles.lines}>
                  {session.tickets.map((ticket) => (
                    <li className={styles.line} key={ticket.id} data-ticket-id={ticket.id}>
                      <span>
                        <bdi>{ticket.title}</bdi> {t("order.summary.quantity", { count: ticket.count })}
                        <small>
                          {t("order.summary.each", {
                            price: moneyText(ticket.price, currencyCode, decimals),
                          })}
                        </small>
                      </span>
                      <span>{money(roundMoney(ticket.price * ticket.count))}</span>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </section>
      ))}
      <dl className={styles.totals}>
        <dt>{t("order.summary.tickets")}</dt>
        <dd>{money(total.price)}</dd>
        <dt>{t("order.summary.serviceFee")}</dt>
        <dd>{money(total.serviceFee)}</dd>
        {promo && <PromoLines promo={promo} currencyCode={currencyCode} decimals={decimals} events={events} />}
        {total.paymentFee !== undefined && total.paymentFee > 0 && (
          <>
            <dt>
              {feePercent
                ? t("order.summary.paymentFeePercent", { value: percentText(feePercent, language) })
                : t("order.summary.paymentFee")}
            </dt>
            <dd data-testid="payment-fee">{money(total.paymentFee)}</dd>
          </>
        )}
        <dt className={styles.grand}>{t("order.summary.total")}</dt>
        <dd className={styles.grand} data-testid="order-total">
          {money(total.amount ?? roundMoney(total.price + total.serviceFee - (promo?.discount ?? 0)))}
        </dd>
      </dl>
      {children}
    </div>
  );
}
