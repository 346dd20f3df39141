/**
 * The event page's ticket choice: sessions and ticket categories live from
 * /v2/dates_prices in the selected currency, steppers within what is left and what one
 * order may hold, and "add to basket". Sold-out categories and sold-out or cancelled
 * events cannot be bought and say so.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadCatalogueClient } from "../clients/load-catalogue-client";
import type { DatePrices, EventDetail, Lang, TicketOffer } from "../catalogue/types";
import { findCurrency } from "../currency/choose-currency";
import { useCurrency } from "../currency/currency-context";
import { formatDateTime, formatMoney, formatNumber } from "../i18n/format";
import { Link } from "../i18n/link";
import { useToasts } from "../shop/toast-context";
import { useBasket } from "./basket-context";
import { addableCount, clampCount, offerAvailability } from "./limits";
import { countInBasket, roundMoney } from "./totals";
import { PICKER_CSS } from "./ticket-picker-css";

type Load =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; currency: string; sessions: DatePrices[] };

export function TicketPicker({ event }: { event: EventDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const { code, settled, currencies } = useCurrency();
  const { basket, addTicket } = useBasket();
  const toasts = useToasts();
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [sessionKey, setSessionKey] = useState<string | null>(null);
  const [counts, setCounts] = useState<Record<number, number>>({});
  const [adding, setAdding] = useState(false);
  const closed = event.status === "sold_out" || event.status === "cancelled";

  useEffect(() => {
    if (closed || !settled || !code) return;
    let current = true;
    setLoad((prev) => (prev.status === "ready" ? prev : { status: "loading" }));
    loadCatalogueClient()
      .then((client) => client.datesPrices(event.eventSourceId, code, lang))
      .then((sessions) => {
        if (current) setLoad({ status: "ready", currency: code, sessions });
      })
      .catch(() => {
        if (current) setLoad({ status: "failed" });
      });
    return () => {
      current = false;
    };
  }, [closed, settled, code, lang, event.eventSourceId, attempt]);

  const sessions = load.status === "ready" ? load.sessions : [];
  const session = sessions.find((s) => s.startedAt === sessionKey) ?? sessions[0] ?? null;
  const decimals = findCurrency(currencies, load.status === "ready" ? load.currency : code)?.decimals ?? 2;
  const money = useCallback(
    (value: number, currencyCode: string) => formatMoney(value, currencyCode, lang, decimals),
    [lang, decimals],
  );

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
    return { offers, count, total: roundMoney(price + fee) };
  }, [session, counts]);

  const setCount = (offer: TicketOffer, value: number) => {
    const max = addableCount(offer, countInBasket(basket, offer.id));
    setCounts((prev) => ({ ...prev, [offer.id]: clampCount(value, 0, max) }));
  };

  const onAdd = async () => {
    if (!session || chosen.count === 0) return;
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
            ticket: { id: offer.id, title: offer.title, price: offer.price, serviceFee: offer.serviceFee, startedAt: session.startedAt },
          },
          counts[offer.id] ?? 0,
        ),
      ),
    );
    const added = wanted.reduce((sum, offer, i) => (results[i] ? sum + (counts[offer.id] ?? 0) : sum), 0);
    setCounts((prev) => {
      const next = { ...prev };
      wanted.forEach((offer, i) => {
        if (results[i]) delete next[offer.id];
      });
      return next;
    });
    if (added > 0) toasts.notify("success", "toast.added", { count: added });
    setAdding(false);
  };

  const body = () => {
    if (event.status === "cancelled") return <p className="tp-closed" role="status">{t("picker.cancelledEvent")}</p>;
    if (event.status === "sold_out") return <p className="tp-closed" role="status">{t("picker.soldOutEvent")}</p>;
    if (load.status === "loading") {
      return (
        <div className="tp-skeleton" aria-busy="true">
          <span className="visually-hidden">{t("picker.loading")}</span>
        </div>
      );
    }
    if (load.status === "failed") {
      return (
        <div className="tp-closed" role="alert">
          <p>{t("picker.loadFailed")}</p>
          <button type="button" className="btn btn-ghost" onClick={() => setAttempt((n) => n + 1)}>
            {t("picker.retry")}
          </button>
        </div>
      );
    }
    if (!session) return <p className="tp-closed">{t("picker.noSessions")}</p>;
    return (
      <>
        {sessions.length > 1 ? (
          <fieldset className="tp-sessions">
            <legend>{t("picker.chooseSession")}</legend>
            <div className="tp-session-list">
              {sessions.map((s) => (
                <label key={s.startedAt} className="tp-session">
                  <input
                    type="radio"
                    name={`session-${event.id}`}
                    checked={s === session}
                    onChange={() => {
                      setSessionKey(s.startedAt);
                      setCounts({});
                    }}
                  />
                  <span>{formatDateTime(s.startedAt, lang)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <p className="tp-one-session">{formatDateTime(session.startedAt, lang)}</p>
        )}
        <ul className="tp-offers">
          {session.tickets.map((offer) => {
            const held = countInBasket(basket, offer.id);
            const max = addableCount(offer, held);
            const n = counts[offer.id] ?? 0;
            const availability = offerAvailability(offer);
            const soldOut = availability === "sold_out";
            return (
              <li key={offer.id} className="tp-offer" data-testid="ticket-offer" data-ticket-id={offer.id}
                data-sold-out={soldOut || undefined}>
                <div className="tp-offer-info">
                  <span className="tp-offer-title"><bdi>{offer.title}</bdi></span>
                  <span className="tp-offer-price" data-value={offer.price} data-currency={offer.currencyCode.toUpperCase()}>
                    {money(offer.price, offer.currencyCode)}
                  </span>
                  {offer.serviceFee > 0 ? (
                    <span className="tp-offer-fee">{t("picker.serviceFee", { fee: money(offer.serviceFee, offer.currencyCode) })}</span>
                  ) : null}
                  {soldOut ? (
                    <span className="tp-badge tp-badge-out">{t("picker.soldOut")}</span>
                  ) : availability === "few_left" ? (
                    <span className="tp-badge">{t("picker.onlyLeft", { count: offer.available })}</span>
                  ) : null}
                  {held > 0 ? <span className="tp-held">{t("picker.inBasket", { count: held })}</span> : null}
                </div>
                {soldOut ? null : (
                  <div className="tp-stepper" role="group" aria-label={String(t("picker.countLabel", { title: offer.title }))}>
                    <button type="button" onClick={() => setCount(offer, n - 1)} disabled={n <= 0}
                      aria-label={String(t("picker.decrease", { title: offer.title }))}>−</button>
                    <output aria-live="polite" data-testid="ticket-count">{formatNumber(n, lang)}</output>
                    <button type="button" onClick={() => setCount(offer, n + 1)} disabled={n >= max}
                      aria-label={String(t("picker.increase", { title: offer.title }))}>+</button>
                  </div>
                )}
                {!soldOut && max === 0 && held > 0 ? <span className="tp-limit">{t("picker.limitReached")}</span> : null}
              </li>
            );
          })}
        </ul>
        <div className="tp-footer">
          <div className="tp-total" aria-live="polite">
            {chosen.count > 0 ? (
              <>
                <span>{t("picker.selected", { count: chosen.count })}</span>
                <strong data-value={chosen.total} data-currency={code}>
                  {money(chosen.total, load.status === "ready" ? load.currency : code)}
                </strong>
              </>
            ) : (
              <span className="muted">{t("picker.chooseTickets")}</span>
            )}
          </div>
          <button type="button" className="btn" onClick={() => void onAdd()} disabled={chosen.count === 0 || adding}>
            {adding ? t("picker.adding") : t("picker.add")}
          </button>
          {countInBasketTotal(basket) > 0 ? (
            <Link to="/cart/" className="btn btn-ghost">{t("picker.goToCart")}</Link>
          ) : null}
        </div>
      </>
    );
  };

  return (
    <div className="tp" data-testid="ticket-picker">
      <style>{PICKER_CSS}</style>
      {body()}
    </div>
  );
}

function countInBasketTotal(basket: { events: { tickets: { count: number }[] }[] }): number {
  return basket.events.reduce((sum, g) => sum + g.tickets.reduce((s, t) => s + t.count, 0), 0);
}
