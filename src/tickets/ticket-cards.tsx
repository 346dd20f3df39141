/**
 * The e-tickets of a paid order: one card per admitted person with its QR code (holding
 * `qrPayload(ticket)`: the signed payload, or the code), the code in text, the event, the session in UAE time, the
 * venue with its address and map link, the category, the holder and the order number;
 * a way to print or save them as PDF, "add to calendar" and the phone's wallet per ticket
 * (and the wallet for all of them at once).
 *
 * Mounted by the payment-success, order, bill and printable pages.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { LogoMark } from "../components/icons";
import { formatLongDate, formatTime, joinParts } from "../core/format";
import type { Order } from "../core/order";
import { href } from "../core/routes";
import { SELLER } from "../core/seller";
import { useAdmission } from "../events/admission";
import { Link } from "../i18n/link";
import { Trans } from "../i18n/trans";
import { usePageLanguage, useSite } from "../kernel/site-context";
import { QrCode } from "./qr-code";
import { icsFileName, ticketIcs } from "./ticket-ics";
import { placeIds, type TicketView, ticketViews } from "./ticket-view";
import { useVenues } from "./use-venues";
import { type DeviceWallet, OrderWalletBadge, TicketWalletBadge, useWalletOffer } from "./wallet-buttons";
import * as styles from "./tickets.module.css";

function downloadIcs(ticket: TicketView, siteUrl: string, lang: string): void {
  const text = ticketIcs(ticket, {
    url: siteUrl,
    uidDomain: new URL(siteUrl).hostname,
    stamp: new Date().toISOString(),
    lang,
  });
  if (!text) return;
  const url = URL.createObjectURL(new Blob([text], { type: "text/calendar;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = icsFileName(ticket);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function TicketCard({
  ticket,
  print = false,
  wallet = null,
}: {
  ticket: TicketView;
  print?: boolean;
  /** the device's wallet and its links, when the server offers it */
  wallet?: DeviceWallet;
}): React.JSX.Element {
  const { t } = useTranslation("tickets", { keyPrefix: "tickets" });
  const { siteUrl } = useSite();
  const language = usePageLanguage();
  const admission = useAdmission();
  // a pass over several days says which days it admits, not only its first evening
  const when = !ticket.startedAt
    ? null
    : (admission(ticket.startedAt, ticket.endsAt, language) ??
      joinParts([formatLongDate(ticket.startedAt, language), formatTime(ticket.startedAt, language)], language));
  return (
    <article
      className={print ? styles.printCard : styles.card}
      aria-label={t("ticketOf", { index: ticket.index, count: ticket.count })}
      data-ticket-code={ticket.code}
    >
      {print && (
        <p className={styles.printShop} data-testid="ticket-shop">
          <LogoMark size={28} />
          <span>{SELLER.shopName[language]}</span>
        </p>
      )}
      <div className={styles.qrBox}>
        <QrCode text={ticket.qr} code={ticket.code} />
        <p className={styles.code}>
          <span className={styles.label}>{t("code")}</span>
          <bdi className={styles.codeText} dir="ltr" data-testid="ticket-code">
            {ticket.code}
          </bdi>
        </p>
      </div>
      <div className={styles.details}>
        <p className={styles.counter}>{t("ticketOf", { index: ticket.index, count: ticket.count })}</p>
        <h3 className={styles.event}>{ticket.eventTitle}</h3>
        <dl className={styles.facts}>
          {when && ticket.startedAt && (
            <>
              <dt>{t("when")}</dt>
              <dd>
                <time dateTime={ticket.startedAt} data-testid="ticket-when">
                  {when}
                </time>
              </dd>
            </>
          )}
          {ticket.venue && (
            <>
              <dt>{t("venue")}</dt>
              <dd>
                {ticket.venue.title}
                {ticket.venue.address && <span className={styles.address}>{ticket.venue.address}</span>}
                {ticket.venue.mapUrl && (
                  <a className={styles.noprint} href={ticket.venue.mapUrl} target="_blank" rel="noopener noreferrer">
                    {t("map")}
                  </a>
                )}
              </dd>
            </>
          )}
          <dt>{t("category")}</dt>
          <dd>{ticket.category}</dd>
          {ticket.holder && (
            <>
              <dt>{t("holder")}</dt>
              <dd>
                <bdi>{ticket.holder}</bdi>
              </dd>
            </>
          )}
          <dt>{t("orderNumber")}</dt>
          <dd>
            <bdi className={styles.nowrapCode} dir="ltr">
              {ticket.orderNumber}
            </bdi>
          </dd>
        </dl>
        {print && (
          <section className={styles.terms} aria-label={t("termsHeading")} data-testid="ticket-terms">
            <h4>{t("termsHeading")}</h4>
            <ul>
              <li>{t("termsEntry")}</li>
              <li>{t("termsId")}</li>
              <li>{t("termsRefund")}</li>
            </ul>
          </section>
        )}
        {ticket.startedAt && (
          <button
            type="button"
            className={`btn btn-ghost ${styles.noprint}`}
            onClick={() => downloadIcs(ticket, siteUrl, language)}
          >
            {t("addToCalendar")}
          </button>
        )}
        {!print && <TicketWalletBadge wallet={wallet} code={ticket.code} />}
      </div>
    </article>
  );
}

/** Where the tickets went, and how to have them sent elsewhere (the success page). */
export function TicketsSentTo({ email }: { email: string }): React.JSX.Element {
  const { t } = useTranslation("tickets", { keyPrefix: "tickets" });
  return (
    <div className={styles.sentTo} data-testid="tickets-sent-to">
      <p>
        <Trans t={t} i18nKey="sentTo" values={{ email }} components={{ 1: <bdi className={styles.email} /> }} />
      </p>
      <p>
        {t("wrongEmail")} <Link to={href.info("contacts")}>{t("contacts")}</Link>
      </p>
    </div>
  );
}

/** Every ticket of an order, with the way to the printable page; nothing before it is paid. */
export function TicketCards({
  order,
  showPrintLink = true,
}: {
  order: Order;
  showPrintLink?: boolean;
}): React.JSX.Element | null {
  const { t } = useTranslation("tickets", { keyPrefix: "tickets" });
  const language = usePageLanguage();
  const venues = useVenues(
    useMemo(() => placeIds(order), [order]),
    language,
  );
  const tickets = useMemo(() => ticketViews(order, venues), [order, venues]);
  const wallet = useWalletOffer(order.id, order.status === "paid");
  if (order.status !== "paid" || tickets.length === 0) return null;
  return (
    <section className={styles.tickets} aria-labelledby="tickets-heading" data-testid="e-tickets">
      <div className={styles.head}>
        <h2 id="tickets-heading">{t("heading", { count: tickets.length })}</h2>
        {showPrintLink && (
          <Link className={`btn ${styles.noprint}`} to={href.orderTickets(order.id)}>
            {t("printable")}
          </Link>
        )}
      </div>
      <p className={styles.hint}>{t("scanHint")}</p>
      {tickets.length > 1 && <OrderWalletBadge wallet={wallet} count={tickets.length} />}
      <div className={styles.list}>
        {tickets.map((ticket) => (
          <TicketCard key={ticket.code} ticket={ticket} wallet={wallet} />
        ))}
      </div>
    </section>
  );
}
