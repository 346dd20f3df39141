/**
 * The checkout: the buyer's details and a way to pay, validated in the page's language
 * before anything is sent, then POST /api/orders with the session's campaign data, the
 * page's language and the captcha solved unseen in the background.
 *
 * Free tickets need no way to pay: the button says "Get tickets" and the order comes back
 * paid. Ways to pay that do not take the selected currency are listed with the reason,
 * not left out silently. The fee of the chosen way and the amount charged are shown
 * before the order is placed.
 *
 * Once the order exists the server has emptied the basket, so every view of the basket on
 * the page is told (UPDATE_BASKET) and the visitor goes on to pay, to the tickets (free),
 * or to "what happens next" for ways that complete later.
 */
import { useI18next } from "gatsby-plugin-react-i18next";
import type React from "react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { announceBasket, useBasket } from "../basket/basket-context";
import { toBasketApiError } from "../clients/basket-client";
import { Money } from "../components/money";
import type { Acquisition } from "../core/catalogue";
import { emptyBasket } from "../core/order";
import { href } from "../core/routes";
import { useCurrency } from "../currency/currency-context";
import { Link } from "../i18n/link";
import { Trans } from "../i18n/trans";
import { usePageLanguage } from "../kernel/site-context";
import { readUtm } from "../tracking/utm";
import { acceptsCurrency, acquisitionsForCurrency, defaultAcquisitionId, paysOnline } from "./acquisitions";
import {
  BUYER_FIELDS,
  type BuyerErrors,
  type BuyerField,
  type BuyerFormInput,
  EMAIL_MAX_LENGTH,
  type FieldMessage,
  NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  validateBuyer,
  validateBuyerField,
} from "./buyer-form";
import { clearDraft, readDraft, saveDraft } from "./checkout-draft";
import { EmailTypoHint } from "./email-typo-hint";
import { basketCharge, chargeFor, isFree } from "./fees";
import { percentText } from "./order-summary";
import { pathAfterOrderCreated } from "./outcome";
import { type ExplainedError, explainServerError } from "./server-errors";
import { useCaptcha } from "./use-captcha";
import * as styles from "./checkout.module.css";

const FIELD_INPUT: Record<
  BuyerField,
  { type: string; autoComplete: string; maxLength: number; inputMode?: "email" | "tel"; ltr: boolean }
> = {
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
  /** the way to pay now chosen (null: none, or free tickets), for the summary's fee */
  onAcquisitionChange?(acquisition: Acquisition | null): void;
}

export function CheckoutForm({
  acquisitions,
  onBasketProblem,
  onPlaced,
  onAcquisitionChange,
}: CheckoutFormProps): React.JSX.Element {
  const { t } = useTranslation();
  const { navigate } = useI18next();
  const language = usePageLanguage();
  const { code, currency } = useCurrency();
  const { reload, totals, basket, client } = useBasket();
  const captcha = useCaptcha(client);
  const money = (value: number) => (
    <Money value={value} currencyCode={basket.currencyCode} decimals={currency?.decimals} />
  );
  const offered = useMemo(() => acquisitionsForCurrency(acquisitions, code), [acquisitions, code]);
  const excluded = useMemo(() => acquisitions.filter((a) => !acceptsCurrency(a, code)), [acquisitions, code]);
  const base = basketCharge(totals.total, basket);
  const free = isFree(base);

  const [values, setValues] = useState<BuyerFormInput>({ name: "", email: "", phone: "" });
  const [errors, setErrors] = useState<BuyerErrors>({});
  const [chosen, setChosen] = useState<number | null>(null);
  const [formError, setFormError] = useState<ExplainedError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // the typo suggestion waits until the visitor has left the e-mail field once
  const [emailLeft, setEmailLeft] = useState(false);
  // the summary appears when a submit finds mistakes and counts those still there, so it
  // shrinks and goes as the buyer mends them
  const [summaryShown, setSummaryShown] = useState(false);
  const summaryCount = summaryShown ? BUYER_FIELDS.filter((f) => errors[f]).length : 0;
  const inFlight = useRef(false);
  const inputs = useRef<Partial<Record<BuyerField, HTMLInputElement | null>>>({});
  const summaryRef = useRef<HTMLDivElement>(null);

  // the draft comes back after a language switch or a reload, and is kept as it changes
  const restored = useRef(false);
  useEffect(() => {
    const draft = readDraft(window.sessionStorage);
    if (draft) {
      setValues({ name: draft.name, email: draft.email, phone: draft.phone });
      setChosen(draft.acquisitionId);
    }
    restored.current = true;
  }, []);
  useEffect(() => {
    if (restored.current) saveDraft(window.sessionStorage, { ...values, acquisitionId: chosen });
  }, [values, chosen]);

  const acquisitionId = defaultAcquisitionId(offered, chosen);
  const acquisition = free ? null : (offered.find((a) => a.id === acquisitionId) ?? null);
  const charge = chargeFor(base, acquisition?.feePercent, currency?.decimals);
  useEffect(() => onAcquisitionChange?.(acquisition), [acquisition?.id]);

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
      setSummaryShown(true);
      const first = BUYER_FIELDS.find((f) => checked.errors[f]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    setSummaryShown(false);
    if (!acquisition && !free) {
      setFormError({ key: "checkout.errors.currencyNotAccepted", field: "acquisition", action: "fix" });
      return;
    }

    inFlight.current = true;
    setSubmitting(true);
    try {
      const order = await client.createOrder({
        ...checked.value,
        acquisitionId: acquisition?.id ?? null,
        currencyCode: code,
        captcha: await captcha.take(),
        utm: readUtm(window.sessionStorage),
      });
      clearDraft(window.sessionStorage);
      onPlaced();
      // The server emptied the basket with the order: every view of it on the page follows.
      announceBasket(emptyBasket(order.currencyCode));
      void reload();
      await navigate(pathAfterOrderCreated(order, acquisition?.type ?? null));
    } catch (error) {
      captcha.renew();
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
        // the summary beside loses the discount the code no longer gives
        if (explained.action === "reload-basket") void reload();
        setFormError(explained);
        summaryRef.current?.focus();
      }
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const fieldLabels: Record<BuyerField, string> = {
    name: t("checkout.name"),
    email: t("checkout.email"),
    phone: t("checkout.phone"),
  };
  const fieldHints: Record<BuyerField, string> = {
    name: t("checkout.nameHint"),
    email: t("checkout.emailHint"),
    phone: t("checkout.phoneHint"),
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-describedby={formError ? "co-form-error" : undefined}
    >
      <div ref={summaryRef} tabIndex={-1}>
        {summaryCount > 0 && (
          <div className={`${styles.alert} ${styles.alertError}`} role="alert">
            <p>{t("checkout.errorSummary", { count: summaryCount })}</p>
          </div>
        )}
        {formError && (
          <div className={`${styles.alert} ${styles.alertError}`} role="alert" id="co-form-error">
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
            <div className={styles.field} key={field}>
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
                className={input.ltr ? `${styles.input} ${styles.ltr}` : styles.input}
                dir={input.ltr ? "ltr" : "auto"}
                value={values[field]}
                onChange={onChange(field)}
                onBlur={() => {
                  onBlur(field)();
                  if (field === "email") setEmailLeft(true);
                }}
              />
              <p className={styles.hint} id={`${id}-hint`}>
                {fieldHints[field]}
              </p>
              {error && (
                <p className={styles.error} id={`${id}-error`}>
                  {error}
                </p>
              )}
              {field === "email" && (
                <EmailTypoHint
                  email={values.email}
                  touched={emailLeft}
                  onAccept={(email) => {
                    setValues((v) => ({ ...v, email }));
                    setErrors((e) => ({ ...e, email: validateBuyerField("email", email) ?? undefined }));
                    inputs.current.email?.focus();
                  }}
                />
              )}
            </div>
          );
        })}
      </fieldset>

      {free ? (
        <p className={`${styles.alert} ${styles.alertInfo}`} data-testid="free-order">
          {t("checkout.freeNote")}
        </p>
      ) : (
        <fieldset aria-describedby={formError?.field === "acquisition" ? "co-form-error" : undefined}>
          <legend>{t("checkout.paymentLegend")}</legend>
          {offered.length === 0 ? (
            <p className={`${styles.alert} ${styles.alertInfo}`}>{t("checkout.noWaysToPay", { currency: code })}</p>
          ) : (
            <div className={styles.ways}>
              {offered.map((way) => (
                <label className={styles.way} key={way.id}>
                  <input
                    type="radio"
                    name="acquisition"
                    value={way.id}
                    checked={way.id === acquisitionId}
                    onChange={() => setChosen(way.id)}
                  />
                  <span className={styles.wayText}>
                    {/* <bdi> isolates a Latin name ("Apple Pay") without turning the whole line
                        left-to-right, so it stays aligned with the others on Arabic pages */}
                    <strong>
                      <bdi>{way.title}</bdi>
                    </strong>
                    <span>
                      {paysOnline(way.type) ? t("checkout.paysOnline") : t("checkout.paysLater")}
                      {way.feePercent
                        ? ` · ${t("checkout.feePercent", { value: percentText(way.feePercent, language) })}`
                        : ""}
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
          {excluded.length > 0 && (
            <ul className={styles.excluded} data-testid="ways-excluded">
              {excluded.map((way) => (
                <li key={way.id}>
                  <Trans
                    t={t}
                    i18nKey="checkout.wayExcluded"
                    values={{ way: way.title, currency: code.toUpperCase(), accepted: way.currencies.join(", ") }}
                    components={{ way: <bdi />, cur: <bdi dir="ltr" />, codes: <bdi dir="ltr" /> }}
                  />
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      )}

      <p className={styles.consent}>
        <Trans
          t={t}
          i18nKey="checkout.consent"
          components={{ offer: <Link to={href.info("offer")} />, guarantee: <Link to={href.info("guarantee")} /> }}
        />
      </p>
      <div className={styles.actions}>
        {/* the amount to pay stays beside the button, however long the summary above the form */}
        {charge.paymentFee > 0 && (
          <p className={`${styles.totalLine} ${styles.fee}`}>
            {t("order.summary.paymentFeePercent", { value: percentText(acquisition?.feePercent ?? 0, language) })}{" "}
            {money(charge.paymentFee)}
          </p>
        )}
        <p className={styles.totalLine}>
          {t("order.summary.total")} <strong data-testid="checkout-amount">{money(charge.amount)}</strong>
        </p>
        <button
          type="submit"
          className={`btn ${styles.submit}`}
          disabled={submitting || (!free && offered.length === 0) || totals.total.count === 0}
          aria-busy={submitting}
        >
          {submitting ? t("checkout.submitting") : free ? t("checkout.submitFree") : t("checkout.submit")}
        </button>
      </div>
      {captcha.element}
    </form>
  );
}
