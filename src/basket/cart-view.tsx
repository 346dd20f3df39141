/**
 * The basket page's body: tickets grouped by event (title, date, venue), per ticket its
 * category, session, unit price, service fee, a stepper and remove; per event remove-all
 * and a subtotal; the summary with tickets, service fee and total in the basket's
 * currency, the hold's countdown, checkout and clear; an empty state leading to events.
 */
import { Fragment, lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Countdown } from "../components/countdown";
import { Money, useMoneyText } from "../components/money";
import type { TicketOffer } from "../core/catalogue";
import { formatDateTime } from "../core/format";
import type { BasketEventGroup, BasketTicket } from "../core/order";
import { href } from "../core/routes";
import { findCurrency } from "../currency/choose-currency";
import { useCurrency } from "../currency/currency-context";
import { useAdmission } from "../events/admission";
import { Link } from "../i18n/link";
import { usePageLanguage } from "../kernel/site-context";
import { useBasket } from "./basket-context";
import { LimitNote } from "./limit-note";
import { basketLimit, clampCount, limitReason } from "./limits";
import { Stepper } from "./stepper";
import { grandTotal, lineTotal, type Totals } from "./totals";
import { useTicketOffers } from "./use-ticket-offers";
import * as styles from "./cart.module.css";

// promo codes (2.3) load with the basket's first tickets, never at start-up
const PromoPanel = lazy(() => import("../promo/promo-panel"));

/** The cart page's own spacing, for the template that holds the view. */
export const cartPageClassName = styles.page ?? "";

/** The basket's currency, as every amount of the cart is shown in it. */
interface InBasket {
  currencyCode: string;
  decimals: number;
}

export function CartView() {
  const { t } = useTranslation();
  const { basket, loading, unavailable, totals, count, busy, updateTicket, deleteTicket, deleteEvent, clear, reload } =
    useBasket();
  const { currencies } = useCurrency();
  const decimals = findCurrency(currencies, basket.currencyCode)?.decimals ?? 2;
  const inBasket: InBasket = { currencyCode: basket.currencyCode, decimals };
  const offers = useTicketOffers(
    basket.events.map((g) => g.event.eventSourceId),
    basket.events.length > 0 ? basket.currencyCode : "",
  );
  const onExpired = useCallback(() => void reload(), [reload]);

  if (loading) {
    return (
      <div className={styles.skeleton} aria-busy="true" role="status">
        <span className="visually-hidden">{t("cart.loading")}</span>
      </div>
    );
  }
  if (unavailable) {
    return (
      <div className={styles.alert} role="alert">
        <p>{t("cart.unavailable")}</p>
        {count ? <p>{t("basket.tickets", { count })}</p> : null}
        <button type="button" className="btn" onClick={() => void reload()}>
          {t("picker.retry")}
        </button>
      </div>
    );
  }
  if (basket.events.length === 0) {
    return (
      <div className={styles.empty} data-testid="cart-empty">
        <h2>{t("cart.emptyTitle")}</h2>
        <p>{t("cart.emptyText")}</p>
        <Link to={href.events()} className="btn">
          {t("cart.browseEvents")}
        </Link>
      </div>
    );
  }

  const { total, byEvent } = totals;
  return (
    <div className={styles.grid} data-busy={busy || undefined} data-testid="cart">
      <div className={styles.events}>
        {basket.events.map((group) => (
          <CartEvent
            key={group.event.id}
            group={group}
            totals={byEvent[group.event.id]}
            inBasket={inBasket}
            offers={offers}
            onCount={(ticket, n) => void updateTicket(ticket.id, n)}
            onRemove={(ticket) => void deleteTicket(ticket.id)}
            onRemoveEvent={() => void deleteEvent(group.event.id)}
          />
        ))}
      </div>
      <aside className={styles.summary} aria-labelledby="cart-summary-heading" data-testid="cart-summary">
        <h2 id="cart-summary-heading">{t("cart.summary")}</h2>
        <dl className={styles.totals}>
          <dt>{t("basket.tickets", { count: total.count })}</dt>
          <dd>
            <Money value={total.price} {...inBasket} testId="cart-price" />
          </dd>
          <dt>{t("cart.serviceFee")}</dt>
          <dd>
            <Money value={total.serviceFee} {...inBasket} testId="cart-fee" />
          </dd>
          <dt className={styles.grand}>{t("cart.total")}</dt>
          <dd
            className={styles.grand}
            data-testid="cart-total"
            data-value={grandTotal(total)}
            data-currency={basket.currencyCode}
            data-count={total.count}
          >
            <Money value={grandTotal(total)} {...inBasket} />
          </dd>
        </dl>
        <Suspense fallback={null}>
          <PromoPanel decimals={decimals} />
        </Suspense>
        <Countdown
          expiresAt={basket.expiresAt}
          textKey="cart.heldFor"
          overKey="cart.holdExpired"
          onOver={onExpired}
          testId="hold-timer"
          className={styles.hold}
        />
        <Link to={href.orderCheckout()} className={`btn ${styles.checkout}`} data-testid="checkout-link">
          {t("cart.checkout")}
        </Link>
        <p className={styles.note}>{t("cart.pricesIn", { code: basket.currencyCode })}</p>
        <ClearBasket onClear={() => void clear()} />
      </aside>
      {/* phones: the total and the way on stay at the bottom of the screen, in place of the summary's button */}
      <div className={styles.checkoutBar} data-testid="cart-bar">
        <span className={styles.barTotal}>
          <span>{t("cart.total")}</span>
          <strong>
            <Money value={grandTotal(total)} {...inBasket} />
          </strong>
        </span>
        <Link to={href.orderCheckout()} className="btn">
          {t("cart.checkout")}
        </Link>
      </div>
    </div>
  );
}

/** "Clear basket" asks first: one stray click must not release every ticket held. */
function ClearBasket({ onClear }: { onClear(): void }): React.JSX.Element {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className={styles.linkBtn} onClick={() => setAsking(true)}>
        {t("cart.clear")}
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby="cart-clear-ask" className={styles.note} data-testid="clear-ask">
      <p id="cart-clear-ask">{t("cart.clearAsk")}</p>
      <button
        type="button"
        className={styles.linkBtn}
        onClick={() => {
          setAsking(false);
          onClear();
        }}
      >
        {t("cart.clearYes")}
      </button>{" "}
      <button type="button" className={styles.linkBtn} ref={keep} onClick={() => setAsking(false)}>
        {t("cart.clearNo")}
      </button>
    </div>
  );
}

interface CartEventProps {
  group: BasketEventGroup;
  totals: Totals | undefined;
  inBasket: InBasket;
  offers: ReadonlyMap<number, TicketOffer>;
  onCount(ticket: BasketTicket, count: number): void;
  onRemove(ticket: BasketTicket): void;
  onRemoveEvent(): void;
}

function CartEvent({ group, totals, inBasket, offers, onCount, onRemove, onRemoveEvent }: CartEventProps) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const moneyText = useMoneyText();
  const money = (value: number) => moneyText(value, inBasket.currencyCode, inBasket.decimals);
  const { event } = group;
  const headingId = `cart-event-${event.id}`;
  // one session: its date goes beside the venue once; several: each ticket says its own
  const sessionStarts = new Set(group.tickets.map((t) => t.startedAt ?? event.startedAt));
  const oneSession = sessionStarts.size <= 1;
  const when = oneSession ? ([...sessionStarts][0] ?? event.startedAt) : null;
  // a session over several days says it is good for any one of them, not only its first evening
  const admission = useAdmission();
  const sessionText = (startedAt: string, endsAt: string | null | undefined) =>
    admission(startedAt, endsAt, lang) ?? formatDateTime(startedAt, lang);
  const meta = [when ? sessionText(when, group.tickets[0]?.endsAt) : null, event.place?.title || null].filter(Boolean);
  return (
    <section className={styles.event} aria-labelledby={headingId} data-testid="cart-event" data-event-id={event.id}>
      <div className={styles.eventHead}>
        <div>
          <h2 id={headingId}>
            <Link to={href.event(event.id)}>
              <bdi>{event.title}</bdi>
            </Link>
          </h2>
          <p className={styles.meta}>
            {meta.map((m, i) => (
              <Fragment key={i}>
                {i > 0 ? " · " : null}
                <bdi>{m}</bdi>
              </Fragment>
            ))}
          </p>
        </div>
        <button
          type="button"
          className={styles.linkBtn}
          onClick={onRemoveEvent}
          aria-label={String(t("cart.removeEvent"))}
          data-testid="remove-event"
        >
          {t("cart.removeEventShort")}
        </button>
      </div>
      <ul className={styles.tickets}>
        {group.tickets.map((ticket) => {
          const offer = offers.get(ticket.id);
          const max = offer ? basketLimit(offer, ticket.count) : Number.POSITIVE_INFINITY;
          return (
            <li
              key={ticket.id}
              className={styles.ticket}
              data-testid="cart-ticket"
              data-ticket-id={ticket.id}
              data-count={ticket.count}
            >
              <div className={styles.ticketInfo}>
                <strong>
                  <bdi>{ticket.title}</bdi>
                </strong>
                {!oneSession && ticket.startedAt ? (
                  <span data-testid="cart-ticket-session">
                    {t("cart.session")}: <bdi>{sessionText(ticket.startedAt, ticket.endsAt)}</bdi>
                  </span>
                ) : null}
                <span data-value={ticket.price}>{t("cart.unitPrice", { price: money(ticket.price) })}</span>
                {ticket.serviceFee > 0 ? (
                  <span data-value={ticket.serviceFee}>{t("cart.feeEach", { fee: money(ticket.serviceFee) })}</span>
                ) : null}
              </div>
              <div className={styles.ticketActions}>
                <Stepper
                  count={ticket.count}
                  label={String(t("cart.quantity", { title: ticket.title }))}
                  decreaseLabel={String(t("cart.decrease", { title: ticket.title }))}
                  increaseLabel={String(t("cart.increase", { title: ticket.title }))}
                  onDecrease={() => onCount(ticket, clampCount(ticket.count - 1, 1, max))}
                  onIncrease={() => onCount(ticket, clampCount(ticket.count + 1, 1, max))}
                  canDecrease={ticket.count > 1}
                  canIncrease={ticket.count < max}
                  countTestId="cart-ticket-count"
                />
                {offer ? <LimitNote reason={limitReason(offer, ticket.count, ticket.count)} /> : null}
                <span className={styles.lineTotal} data-testid="cart-line-total" data-value={lineTotal(ticket)}>
                  <Money value={lineTotal(ticket)} {...inBasket} />
                  {ticket.serviceFee > 0 ? <span className={styles.lineFee}>{t("cart.inclFee")}</span> : null}
                </span>
                <button
                  type="button"
                  className={styles.linkBtn}
                  onClick={() => onRemove(ticket)}
                  aria-label={String(t("cart.removeTicket", { title: ticket.title }))}
                  data-testid="remove-ticket"
                >
                  {t("cart.remove")}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {totals ? (
        <p className={styles.subtotal}>
          <span>{totals.serviceFee > 0 ? t("cart.subtotalInclFee") : t("cart.subtotal")}</span>
          <Money value={grandTotal(totals)} {...inBasket} testId="event-subtotal" />
        </p>
      ) : null}
    </section>
  );
}
