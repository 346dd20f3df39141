/**
 * The card form of the sandbox acquirer. A payment is one request at a time: the button is
 * disabled and a ref guards the handler, so a double click (two events before React has
 * re-rendered) still charges once.
 */
import React, { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { payOrder, toBasketApiError } from "../clients/basket-client";
import type { Order } from "../basket/types";
import { roundMoney } from "../basket/totals";
import { useSite } from "../app/site-context";
import { formatMoney } from "../i18n/format";
import { formatCardNumber, normalizeCardNumber, validateCardNumber } from "./card";
import { explainServerError } from "./server-errors";

export interface PayFormProps {
  order: Order;
  decimals?: number;
  /** the acquirer answered: paid or failed */
  onResult(order: Order): void;
  /** the order was paid already (409 already_paid): show its tickets */
  onAlreadyPaid(): void;
}

export function PayForm({ order, decimals = 2, onResult, onAlreadyPaid }: PayFormProps): React.JSX.Element {
  const { t } = useTranslation();
  const { language } = useSite();
  const [card, setCard] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const inFlight = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  const amount = formatMoney(roundMoney(order.total.price + order.total.serviceFee), order.currencyCode, language, decimals);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const invalid = validateCardNumber(card);
    if (invalid) {
      setError(invalid);
      input.current?.focus();
      return;
    }
    inFlight.current = true;
    setPaying(true);
    setError(null);
    try {
      const answer = await payOrder(order.id, normalizeCardNumber(card));
      onResult(answer);
      // stays disabled: the page moves on to the outcome
    } catch (err) {
      const apiError = toBasketApiError(err);
      const explained = explainServerError(apiError.status ?? 0, apiError.network ? null : apiError.code);
      if (explained.action === "show-paid") {
        onAlreadyPaid();
        return;
      }
      setError(explained.key);
      inFlight.current = false;
      setPaying(false);
      input.current?.focus();
    }
  };

  return (
    <form className="co-form co-card" noValidate onSubmit={(e) => void onSubmit(e)}>
      <fieldset>
        <legend>{t("payment.legend")}</legend>
        <div className="co-field">
          <label htmlFor="pay-card">{t("payment.cardNumber")}</label>
          <input
            ref={input}
            id="pay-card"
            name="cardnumber"
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            dir="ltr"
            className="co-ltr co-mono"
            maxLength={23}
            aria-invalid={error ? true : undefined}
            aria-describedby={`pay-card-hint${error ? " pay-card-error" : ""}`}
            value={card}
            onChange={(e) => {
              setCard(formatCardNumber(e.target.value));
              if (error) setError(null);
            }}
          />
          <p className="co-hint" id="pay-card-hint">
            {t("payment.cardHint")}
          </p>
          {error && (
            <p className="co-error" id="pay-card-error" role="alert">
              {t(error)}
            </p>
          )}
        </div>
      </fieldset>
      <button type="submit" className="btn co-submit" disabled={paying} aria-busy={paying}>
        {paying ? t("payment.paying") : t("payment.pay", { amount })}
      </button>
    </form>
  );
}
