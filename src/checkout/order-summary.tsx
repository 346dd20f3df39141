/**
 * What is being bought: tickets grouped by event, then tickets, service fee and total.
 * The same block beside the checkout form (from the basket) and on every order page
 * (from the order), so a visitor sees one consistent account of the purchase.
 */
import React from "react";
import { useTranslation } from "react-i18next";
import { useSite } from "../app/site-context";
import type { BasketEventGroup, OrderTotal } from "../basket/types";
import { roundMoney } from "../basket/totals";
import { formatDateTime, formatMoney } from "../i18n/format";
import { Money } from "./money";

export interface OrderSummaryProps {
  events: readonly BasketEventGroup[];
  total: OrderTotal;
  currencyCode: string;
  decimals?: number;
  /** the heading's id, for the landmark that holds the summary */
  headingId?: string;
  /** heading text; "Your order" when omitted */
  heading?: string;
  children?: React.ReactNode;
}

export function OrderSummary({ events, total, currencyCode, decimals = 2, headingId, heading, children }: OrderSummaryProps): React.JSX.Element {
  const { t } = useTranslation();
  const { language } = useSite();
  const money = (value: number) => <Money value={value} currencyCode={currencyCode} lang={language} decimals={decimals} />;

  return (
    <div className="co-card co-summary">
      <h2 id={headingId}>{heading ?? t("order.summary.heading")}</h2>
      <p className="co-event-meta">{t("order.summary.ticketsCount", { count: total.count })}</p>
      {events.map((group) => {
        const when = group.event.startedAt ?? group.tickets[0]?.startedAt ?? null;
        return (
          <section className="co-event" key={group.event.id} aria-label={group.event.title}>
            <h3 dir="auto">{group.event.title}</h3>
            <p className="co-event-meta">
              {when && <time dateTime={when}>{formatDateTime(when, language)}</time>}
              {when && group.event.place && " · "}
              {group.event.place && <bdi>{group.event.place.title}</bdi>}
            </p>
            <ul className="co-lines">
              {group.tickets.map((ticket) => (
                <li className="co-line" key={ticket.id} data-ticket-id={ticket.id}>
                  <span>
                    <bdi>{ticket.title}</bdi> {t("order.summary.quantity", { count: ticket.count })}
                    <small>{t("order.summary.each", { price: formatMoney(ticket.price, currencyCode, language, decimals) })}</small>
                  </span>
                  <span>{money(roundMoney(ticket.price * ticket.count))}</span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <dl className="co-totals">
        <dt>{t("order.summary.tickets")}</dt>
        <dd>{money(total.price)}</dd>
        <dt>{t("order.summary.serviceFee")}</dt>
        <dd>{money(total.serviceFee)}</dd>
        <dt className="co-grand">{t("order.summary.total")}</dt>
        <dd className="co-grand" data-testid="order-total">{money(roundMoney(total.price + total.serviceFee))}</dd>
      </dl>
      {children}
    </div>
  );
}
