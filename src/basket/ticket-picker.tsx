/**
 * The event page's ticket choice: sessions and ticket categories live from
 * /v2/dates_prices in the selected currency, steppers within what is left and what one
 * order may hold, and "add to basket". Sold-out categories and sold-out or cancelled
 * events cannot be bought and say so; sessions that are over are not offered.
 *
 * After "add to basket" the choice stays on screen, marked as being in the basket, with
 * the way to the basket (focused, so keyboard users are not dropped to the page body)
 * and a way to choose more. On phones one bar at the bottom follows the choice.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buyLabelKey } from "../catalogue/buy-label";
import { loadCatalogueClient } from "../clients/load-catalogue-client";
import { Money, useMoneyText } from "../components/money";
import type { DatePrices, EventDetail, TicketOffer } from "../core/catalogue";
import { formatSession } from "../core/format";
import { href } from "../core/routes";
import { openSessions } from "../core/sessions";
import { findCurrency } from "../currency/choose-currency";
import { useCurrency } from "../currency/currency-context";
import { useAdmission } from "../events/admission";
import { EventPrice } from "../events/event-parts";
import { Link } from "../i18n/link";
import { usePageLanguage } from "../kernel/site-context";
import { whenIdle } from "../kernel/when-idle";
import type * as Waitlist from "../waitlist/waitlist-parts";
import { useBasket } from "./basket-context";
import { LimitNote } from "./limit-note";
import { addableCount, clampCount, limitReason, offerAvailability } from "./limits";
import { Stepper } from "./stepper";
import { countInBasket, roundMoney } from "./totals";
import * as styles from "./ticket-picker.module.css";

type Load =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; currency: string; sessions: DatePrices[] };

/** What the last "add to basket" put in: shown until the visitor chooses again. */
interface Added {
  count: number;
  total: number;
  currency: string;
}

export function TicketPicker({ event }: { event: EventDetail }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { code, settled, currencies } = useCurrency();
  const { basket, addTicket } = useBasket();
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [sessionKey, setSessionKey] = useState<string | null>(null);
  const [counts, setCounts] = useState<Record<number, number>>({});
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<Added | null>(null);
  const addedRef = useRef<HTMLDivElement>(null);
  const offersRef = useRef<HTMLUListElement>(null);
  const closed = event.status === "sold_out" || event.status === "cancelled";
  // the waiting list's code (src/waitlist) comes when the browser is first idle, never at start-up
  const [waitlist, setWaitlist] = useState<typeof Waitlist | null>(null);
  useEffect(() => whenIdle(() => void import("../waitlist/waitlist-parts").then(setWaitlist, () => undefined)), []);

  useEffect(() => {
    if (closed || !settled || !code) return;
    let current = true;
    setLoad((prev) => (prev.status === "ready" ? prev : { status: "loading" }));
    loadCatalogueClient()
      .then((client) => client.datesPrices(event.eventSourceId, code, lang))
      .then((sessions) => {
        if (current) setLoad({ status: "ready", currency: code, sessions: openSessions(sessions, Date.now()) });
      })
      .catch(() => {
        if (current) setLoad({ status: "failed" });
      });
    return () => {
      current = false;
    };
  }, [closed, settled, code, lang, event.eventSourceId, attempt]);

  // the confirmation takes the focus from the button that has just gone away
  useEffect(() => {
    if (added) addedRef.current?.focus();
  }, [added]);

  const sessions = load.status === "ready" ? load.sessions : [];
  const session = sessions.find((s) => s.startedAt === sessionKey) ?? sessions[0] ?? null;
  const currency = load.status === "ready" ? load.currency : code;
  const decimals = findCurrency(currencies, currency)?.decimals ?? 2;
  const moneyText = useMoneyText();
  const money = (value: number, currencyCode: string) => moneyText(value, currencyCode, decimals);
  // a session over several days: each ticket says it is good for any one of them
  const admission = useAdmission();
  const admits = session ? admission(session.startedAt, session.finishedAt, lang) : null;

  const chosen = useMemo(() => {
    const offers = session?.tickets ?? [];
    let count = 0;
    let price = 0;
    let fee = 0;
    for (const offer of offers) {
      const n = counts[offer.id] ?? 0;
      count += n;
      price += n * offer.price;
      fee += n * offer.serviceFee;
    }
    return { offers, count, total: roundMoney(price + fee), hasFee: fee > 0 };
  }, [session, counts]);

  const setCount = (offer: TicketOffer, value: number) => {
    const max = addableCount(offer, countInBasket(basket, offer.id));
    setCounts((prev) => ({ ...prev, [offer.id]: clampCount(value, 0, max) }));
  };

  const chooseMore = () => {
    setAdded(null);
    setCounts({});
    // back to the first stepper that can go up
    window.requestAnimationFrame(() => {
      offersRef.current?.querySelector<HTMLButtonElement>("button[data-step='up']:not(:disabled)")?.focus();
    });
  };

  const onAdd = async () => {
    if (!session || chosen.count === 0 || adding) return;
    setAdding(true);
    const wanted = chosen.offers.filter((o) => (counts[o.id] ?? 0) > 0);
    const results = await Promise.all(
      wanted.map((offer) =>
        addTicket(
          {
            event: {
              id: event.id,
              eventSourceId: event.eventSourceId,
              title: event.title,
              startedAt: session.startedAt,
              place: event.place,
            },
            ticket: {
              id: offer.id,
              title: offer.title,
              price: offer.price,
              serviceFee: offer.serviceFee,
              startedAt: session.startedAt,
              endsAt: session.finishedAt,
            },
            sessionEndsAt: session.finishedAt ?? session.startedAt,
          },
          counts[offer.id] ?? 0,
        ),
      ),
    );
    let count = 0;
    let total = 0;
    const kept: Record<number, number> = {};
    wanted.forEach((offer, i) => {
      const n = counts[offer.id] ?? 0;
      if (!results[i]) return; // refused: its toast says why, and the choice is dropped
      kept[offer.id] = n;
      count += n;
      total += n * (offer.price + offer.serviceFee);
    });
    setCounts(kept);
    setAdding(false);
    // one confirmation: the panel below the choice says it (and takes the focus); no toast
    if (count > 0) setAdded({ count, total: roundMoney(total), currency });
  };

  const addedText = added ? `${t("picker.added", { count: added.count })} · ${money(added.total, added.currency)}` : "";

  const body = () => {
    if (event.status === "cancelled")
      return (
        <p className={styles.closed} role="status">
          {t("picker.cancelledEvent")}
        </p>
      );
    if (event.status === "sold_out")
      return (
        <p className={styles.closed} role="status">
          {t("picker.soldOutEvent")}
        </p>
      );
    if (load.status === "loading") {
      return (
        <div className={styles.skeleton} aria-busy="true">
          <span className="visually-hidden">{t("picker.loading")}</span>
        </div>
      );
    }
    if (load.status === "failed") {
      return (
        <div className={styles.closed} role="alert">
          <p>{t("picker.loadFailed")}</p>
          <button type="button" className="btn btn-ghost" onClick={() => setAttempt((n) => n + 1)}>
            {t("picker.retry")}
          </button>
        </div>
      );
    }
    if (!session) return <p className={styles.closed}>{t("picker.noSessions")}</p>;
    return (
      <>
        {sessions.length > 1 ? (
          <fieldset className={styles.sessions} disabled={added !== null}>
            <legend>{t("picker.chooseSession")}</legend>
            <div className={styles.sessionList}>
              {sessions.map((s) => (
                <label key={s.startedAt} className={styles.session}>
                  <input
                    type="radio"
                    name={`session-${event.id}`}
                    checked={s === session}
                    onChange={() => {
                      setSessionKey(s.startedAt);
                      setCounts({});
                    }}
                  />
                  <time dateTime={s.startedAt}>{formatSession(s.startedAt, s.finishedAt, lang)}</time>
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <p className={styles.oneSession}>
            <time dateTime={session.startedAt}>{formatSession(session.startedAt, session.finishedAt, lang)}</time>
          </p>
        )}
        <ul className={styles.offers} ref={offersRef}>
          {session.tickets.map((offer) => {
            const held = countInBasket(basket, offer.id);
            const max = addableCount(offer, held);
            const n = counts[offer.id] ?? 0;
            const availability = offerAvailability(offer);
            const soldOut = availability === "sold_out" && n === 0;
            const locked = added !== null;
            return (
              <li
                key={offer.id}
                className={styles.offer}
                data-testid="ticket-offer"
                data-ticket-id={offer.id}
                data-sold-out={soldOut || undefined}
                data-chosen={n > 0 || undefined}
              >
                <div className={styles.offerInfo}>
                  <span className={styles.offerTitle}>
                    <bdi>{offer.title}</bdi>
                  </span>
                  {admits ? (
                    <span className={styles.offerAdmits} data-testid="ticket-admits">
                      {admits}
                    </span>
                  ) : null}
                  <Money
                    className={styles.offerPrice}
                    value={offer.price}
                    currencyCode={offer.currencyCode}
                    decimals={decimals}
                  />
                  {offer.serviceFee > 0 ? (
                    <span className={styles.offerFee}>
                      {t("picker.serviceFee", { fee: money(offer.serviceFee, offer.currencyCode) })}
                    </span>
                  ) : null}
                  {soldOut ? (
                    <span className={`${styles.badge} ${styles.badgeOut}`}>{t("picker.soldOut")}</span>
                  ) : availability === "few_left" ? (
                    <span className={styles.badge}>{t("picker.onlyLeft", { count: offer.available })}</span>
                  ) : null}
                  {held > 0 ? (
                    <span className={styles.held} data-testid="ticket-held">
                      {t("picker.inBasket", { count: held })}
                    </span>
                  ) : null}
                </div>
                {soldOut ? null : (
                  <Stepper
                    count={n}
                    label={String(t("picker.countLabel", { title: offer.title }))}
                    decreaseLabel={String(t("picker.decrease", { title: offer.title }))}
                    increaseLabel={String(t("picker.increase", { title: offer.title }))}
                    onDecrease={() => setCount(offer, n - 1)}
                    onIncrease={() => setCount(offer, n + 1)}
                    canDecrease={!locked && n > 0}
                    canIncrease={!locked && n < max}
                    countTestId="ticket-count"
                    large
                  />
                )}
                {soldOut || locked ? null : <LimitNote reason={limitReason(offer, held + n, held)} />}
                {soldOut && waitlist ? (
                  <waitlist.Join ticketId={offer.id} ticketTitle={offer.title} maxPerOrder={offer.maxPerOrder} />
                ) : null}
              </li>
            );
          })}
        </ul>
        {added ? (
          <div className={styles.added} ref={addedRef} tabIndex={-1} role="status" data-testid="picker-added">
            <p className={styles.addedText}>{addedText}</p>
            <div className={styles.addedActions}>
              <Link to={href.cart()} className="btn">
                {t("picker.goToCart")}
              </Link>
              <button type="button" className="btn btn-ghost" onClick={chooseMore}>
                {t("picker.chooseMore")}
              </button>
            </div>
          </div>
        ) : (
          <div className={styles.footer}>
            <div className={styles.total} aria-live="polite">
              {chosen.count > 0 ? (
                <>
                  <span>{t("picker.selected", { count: chosen.count })}</span>
                  <strong>
                    <Money value={chosen.total} currencyCode={currency} decimals={decimals} testId="picker-total" />
                  </strong>
                  {chosen.hasFee ? <span className={styles.feeNote}>{t("picker.feesIncluded")}</span> : null}
                </>
              ) : (
                <span className="muted">{t("picker.chooseTickets")}</span>
              )}
            </div>
            <button
              type="button"
              className="btn"
              data-testid="add-to-basket"
              onClick={() => void onAdd()}
              disabled={chosen.count === 0 || adding}
            >
              {adding ? t("picker.adding") : t("picker.add")}
            </button>
            {countInBasketTotal(basket) > 0 ? (
              <Link to={href.cart()} className="btn btn-ghost">
                {t("picker.goToCart")}
              </Link>
            ) : null}
          </div>
        )}
      </>
    );
  };

  const stickyBar = () => {
    if (closed) return null;
    if (added) {
      return (
        <div className={styles.stickyBar} data-testid="sticky-bar">
          <span className={styles.stickyInfo}>{t("picker.inBasket", { count: countInBasketTotal(basket) })}</span>
          <Link to={href.cart()} className="btn">
            {t("picker.goToCart")}
          </Link>
        </div>
      );
    }
    if (chosen.count > 0) {
      return (
        <div className={styles.stickyBar} data-testid="sticky-bar">
          <span className={styles.stickyInfo}>
            <span>{t("picker.selected", { count: chosen.count })}</span>
            <strong>
              <Money value={chosen.total} currencyCode={currency} decimals={decimals} />
            </strong>
          </span>
          <button type="button" className="btn" onClick={() => void onAdd()} disabled={adding}>
            {adding ? t("picker.adding") : t("picker.add")}
          </button>
        </div>
      );
    }
    return (
      <div className={styles.stickyBar} data-testid="sticky-bar">
        <span className={styles.stickyInfo}>
          <strong>
            <EventPrice event={event} />
          </strong>
        </span>
        <a href="#tickets" className="btn">
          {t(buyLabelKey(event.minPrice))}
        </a>
      </div>
    );
  };

  return (
    <div className={styles.picker} data-testid="ticket-picker">
      {waitlist ? <waitlist.LinkPanel /> : null}
      {body()}
      {stickyBar()}
    </div>
  );
}

function countInBasketTotal(basket: { events: { tickets: { count: number }[] }[] }): number {
  return basket.events.reduce((sum, g) => sum + g.tickets.reduce((s, t) => s + t.count, 0), 0);
}
