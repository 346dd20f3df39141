/**
 * The checkout: the buyer's details and a way to pay, validated in the page's language
 * before anything is sent, then POST /api/orders with the session's campaign data.
 *
 * Once the order exists the server has emptied the basket, so every view of the basket on
 * the page is told (UPDATE_BASKET) and the visitor goes on to pay, or to "what happens
 * next" for ways that complete later.
 */
import { useI18next } from "gatsby-plugin-react-i18next";
import React, { useMemo, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { createOrder, toBasketApiError } from "../clients/basket-client";
import { useSite } from "../app/site-context";
import { announceBasket, useBasket } from "../basket/basket-context";
import { grandTotal } from "../basket/totals";
import { emptyBasket } from "../basket/types";
import type { Acquisition } from "../catalogue/types";
import { useCurrency } from "../currency/currency-context";
import { Link } from "../i18n/link";
import { readUtm } from "../tracking/utm";
import { acquisitionsForCurrency, defaultAcquisitionId, paysOnline } from "./acquisitions";
import {
  BUYER_FIELDS,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  validateBuyer,
  validateBuyerField,
  type BuyerErrors,
  type BuyerField,
  type BuyerFormInput,
  type FieldMessage,
} from "./buyer-form";
import { Money } from "./money";
import { pathAfterOrderCreated } from "./outcome";
import { explainServerError, type ExplainedError } from "./server-errors";

const FIELD_INPUT: Record<BuyerField, { type: string; autoComplete: string; maxLength: number; inputMode?: "email" | "tel"; ltr: boolean }> = {
  // maxLength leaves room over the limit so a pasted overlong value is reported, not cut
  name: { type: "text", autoComplete: "name", maxLength: NAME_MAX_LENGTH + 50, ltr: false },
  email: { type: "email", autoComplete: "email", maxLength: EMAIL_MAX_LENGTH + 50, inputMode: "email", ltr: true },
  phone: { type: "tel", autoComplete: "tel", maxLength: PHONE_MAX_LENGTH + 20, inputMode: "tel", ltr: true },
};

export interface CheckoutFormProps {
  acquisitions: readonly Acquisition[];
  /** the basket changed under the visitor (409): the page shows the reason and the way back */
  onBasketProblem(error: ExplainedError): void;
  /** the order exists and the visitor is on the way out: the page keeps its form */
  onPlaced(): void;
}

export function CheckoutForm({ acquisitions, onBasketProblem, onPlaced }: CheckoutFormProps): React.JSX.Element {
  const { t } = useTranslation();
  const { navigate } = useI18next();
  const { language } = useSite();
  const { code, currency } = useCurrency();
  const { reload, totals, basket } = useBasket();
  const offered = useMemo(() => acquisitionsForCurrency(acquisitions, code), [acquisitions, code]);

  const [values, setValues] = useState<BuyerFormInput>({ name: "", email: "", phone: "" });
  const [errors, setErrors] = useState<BuyerErrors>({});
  const [chosen, setChosen] = useState<number | null>(null);
  const [formError, setFormError] = useState<ExplainedError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [summaryCount, setSummaryCount] = useState(0);
  const inFlight = useRef(false);
  const inputs = useRef<Partial<Record<BuyerField, HTMLInputElement | null>>>({});
  const summaryRef = useRef<HTMLDivElement>(null);

  const acquisitionId = defaultAcquisitionId(offered, chosen);
  const acquisition = offered.find((a) => a.id === acquisitionId) ?? null;

  const message = (m: FieldMessage | undefined): string | null => (m ? t(m.key, { ...m.values }) : null);

  const onChange = (field: BuyerField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    // a shown error goes away as soon as the field is right; new ones wait for blur
    if (errors[field]) {
      const next = validateBuyerField(field, value);
      setErrors((e) => ({ ...e, [field]: next ?? undefined }));
    }
  };

  const onBlur = (field: BuyerField) => () => {
    const value = values[field];
    if (value.trim() === "" && !errors[field]) return; // leaving an untouched field is not a mistake yet
    setErrors((e) => ({ ...e, [field]: validateBuyerField(field, value) ?? undefined }));
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    setFormError(null);
    const checked = validateBuyer(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setSummaryCount(Object.keys(checked.errors).length);
      const first = BUYER_FIELDS.find((f) => checked.errors[f]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    setSummaryCount(0);
    if (!acquisition) {
      setFormError({ key: "checkout.errors.currencyNotAccepted", field: "acquisition", action: "fix" });
      return;
    }

    inFlight.current = true;
    setSubmitting(true);
    try {
      const order = await createOrder({
        ...checked.value,
        acquisitionId: acquisition.id,
        currencyCode: code,
        utm: readUtm(window.sessionStorage),
      });
      onPlaced();
      // The server emptied the basket with the order: every view of it on the page follows.
      announceBasket(emptyBasket(order.currencyCode));
      void reload();
      await navigate(pathAfterOrderCreated(order.id, acquisition.type));
    } catch (error) {
      const apiError = toBasketApiError(error);
      const explained = explainServerError(apiError.status ?? 0, apiError.network ? null : apiError.code);
      if (explained.action === "back-to-cart") {
        void reload();
        onBasketProblem(explained);
      } else if (explained.field === "name" || explained.field === "email" || explained.field === "phone") {
        const field = explained.field;
        setErrors({ [field]: { key: explained.key } });
        inputs.current[field]?.focus();
      } else {
        setFormError(explained);
        summaryRef.current?.focus();
      }
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const fieldLabels: Record<BuyerField, string> = { name: t("checkout.name"), email: t("checkout.email"), phone: t("checkout.phone") };
  const fieldHints: Record<BuyerField, string> = { name: t("checkout.nameHint"), email: t("checkout.emailHint"), phone: t("checkout.phoneHint") };

  return (
    <form className="co-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-describedby={formError ? "co-form-error" : undefined}>
      <div ref={summaryRef} tabIndex={-1}>
        {summaryCount > 0 && (
          <div className="co-alert co-alert-error" role="alert">
            <p>{t("checkout.errorSummary", { count: summaryCount })}</p>
          </div>
        )}
        {formError && (
          <div className="co-alert co-alert-error" role="alert" id="co-form-error">
            <p>{t(formError.key)}</p>
          </div>
        )}
      </div>

      <fieldset>
        <legend>{t("checkout.legend")}</legend>
        {BUYER_FIELDS.map((field) => {
          const input = FIELD_INPUT[field];
          const error = message(errors[field]);
          const id = `checkout-${field}`;
          return (
            <div className="co-field" key={field}>
              <label htmlFor={id}>{fieldLabels[field]}</label>
              <input
                ref={(el) => {
                  inputs.current[field] = el;
                }}
                id={id}
                name={field}
                type={input.type}
                inputMode={input.inputMode}
                autoComplete={input.autoComplete}
                maxLength={input.maxLength}
                required={field !== "phone"}
                aria-required={field !== "phone"}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
                className={input.ltr ? "co-ltr" : undefined}
                dir={input.ltr ? "ltr" : "auto"}
                value={values[field]}
                onChange={onChange(field)}
                onBlur={onBlur(field)}
              />
              <p className="co-hint" id={`${id}-hint`}>
                {fieldHints[field]}
              </p>
              {error && (
                <p className="co-error" id={`${id}-error`}>
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>

      <fieldset aria-describedby={formError?.field === "acquisition" ? "co-form-error" : undefined}>
        <legend>{t("checkout.paymentLegend")}</legend>
        {offered.length === 0 ? (
          <p className="co-alert co-alert-info">{t("checkout.noWaysToPay", { currency: code })}</p>
        ) : (
          <div className="co-ways">
            {offered.map((way) => (
              <label className="co-way" key={way.id}>
                <input
                  type="radio"
                  name="acquisition"
                  value={way.id}
                  checked={way.id === acquisitionId}
                  onChange={() => setChosen(way.id)}
                />
                <span className="co-way-text">
                  {/* <bdi> isolates a Latin name ("Apple Pay") without turning the whole line
                      left-to-right, so it stays aligned with the others on Arabic pages */}
                  <strong>
                    <bdi>{way.title}</bdi>
                  </strong>
                  <span>
                    {paysOnline(way.type) ? t("checkout.paysOnline") : t("checkout.paysLater")}
                    {way.feePercent ? ` · ${t("checkout.feePercent", { value: way.feePercent })}` : ""}
                  </span>
                  {way.description && (
                    <span>
                      <bdi>{way.description}</bdi>
                    </span>
                  )}
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>

      <p className="co-consent">
        <Trans
          t={t}
          i18nKey="checkout.consent"
          components={{ offer: <Link to="/offer/" />, guarantee: <Link to="/guarantee/" /> }}
        />
      </p>
      <div className="co-actions">
        {/* on a phone the summary is below the form: the amount stays beside the button */}
        <p className="co-total-line">
          {t("order.summary.total")}{" "}
          <strong>
            <Money value={grandTotal(totals.total)} currencyCode={basket.currencyCode} lang={language} decimals={currency?.decimals} />
          </strong>
        </p>
        <button
          type="submit"
          className="btn co-submit"
          disabled={submitting || offered.length === 0 || totals.total.count === 0}
          aria-busy={submitting}
        >
          {submitting ? t("checkout.submitting") : t("checkout.submit")}
        </button>
      </div>
    </form>
  );
}
