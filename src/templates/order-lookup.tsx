/**
 * /order/lookup/ in three languages: "Find my order". The order number and the buyer's
 * e-mail give the order and its tickets in any browser (POST /api/orders/lookup). A wrong
 * number and a wrong e-mail get the same answer, as the server gives, so the page never
 * tells which half was right. The confirmation e-mail links here with both filled in.
 */
import { graphql } from "gatsby";
import type React from "react";
import { type InputHTMLAttributes, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageShell } from "../app/page-shell";
import { isBasketApiError } from "../clients/basket-client";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { Order } from "../core/order";
import type { StaticPageContext } from "../core/page-context";
import { href, lookupPrefill } from "../core/routes";
import { Link } from "../i18n/link";
import { Trans } from "../i18n/trans";
import { OrderLine } from "../tickets/order-line";
import { useOrdersApi } from "../tickets/orders-api";
import { TicketCards } from "../tickets/ticket-cards";
import * as styles from "../tickets/tickets.module.css";

type Problem = { kind: "notFound" } | { kind: "tooMany"; minutes: number } | { kind: "network" };

/**
 * One input of the form with its label and its note: a hint, or while the field is left empty
 * the error, read out with the field. Order numbers and addresses are Latin: left to right in
 * every language.
 */
function LookupField({
  name,
  label,
  note,
  missing,
  ...input
}: {
  name: "number" | "email";
  label: string;
  note: string | null;
  missing: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "className" | "dir">): React.JSX.Element {
  const id = `lookup-${name}`;
  const noteId = `${id}-note`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        className={styles.input}
        id={id}
        name={name}
        dir="ltr"
        aria-invalid={missing}
        aria-describedby={note ? noteId : undefined}
      />
      {note && (
        <span id={noteId} className={missing ? styles.error : styles.fieldHint}>
          {note}
        </span>
      )}
    </div>
  );
}

export default function OrderLookupPage(_props: TemplateProps<StaticPageContext>): React.JSX.Element {
  const { t } = useTranslation("tickets");
  const api = useOrdersApi();
  const [number, setNumber] = useState("");
  const [email, setEmail] = useState("");
  const [missing, setMissing] = useState<{ number: boolean; email: boolean }>({ number: false, email: false });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const result = useRef<HTMLDivElement>(null);

  const find = async (n: string, e: string) => {
    const gaps = { number: n.trim() === "", email: e.trim() === "" };
    setMissing(gaps);
    if (gaps.number || gaps.email) return;
    setBusy(true);
    setProblem(null);
    try {
      setOrder(await api.lookupOrder(n.trim(), e.trim()));
    } catch (error) {
      setOrder(null);
      if (isBasketApiError(error) && error.status === 429) {
        setProblem({ kind: "tooMany", minutes: Math.max(1, Math.ceil((error.retryAfterSeconds ?? 600) / 60)) });
      } else if (isBasketApiError(error) && (error.status === 404 || error.status === 400)) {
        setProblem({ kind: "notFound" });
      } else {
        setProblem({ kind: "network" });
      }
    } finally {
      setBusy(false);
    }
  };

  // Opened from the e-mail's link: both halves are in the address, so look at once.
  useEffect(() => {
    const prefill = lookupPrefill(window.location.search, window.location.hash);
    if (prefill.number) setNumber(prefill.number);
    if (prefill.email) setEmail(prefill.email);
    if (prefill.number && prefill.email) void find(prefill.number, prefill.email);
    // once, on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (order || problem) result.current?.focus();
  }, [order, problem]);

  return (
    <PageShell>
      <h1>{t("lookup.title")}</h1>
      <p>{t("lookup.lead")}</p>
      <form
        className={styles.form}
        noValidate
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          void find(number, email);
        }}
      >
        <LookupField
          name="number"
          label={t("lookup.number")}
          note={missing.number ? t("lookup.numberRequired") : t("lookup.numberHint")}
          missing={missing.number}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
        <LookupField
          name="email"
          label={t("lookup.email")}
          note={missing.email ? t("lookup.emailRequired") : null}
          missing={missing.email}
          type="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div>
          <button type="submit" className="btn" disabled={busy}>
            {busy ? t("lookup.searching") : t("lookup.submit")}
          </button>
        </div>
      </form>

      <div ref={result} tabIndex={-1} aria-live="polite" className={styles.lookupResult}>
        {problem && (
          <p className={styles.alert} role="alert" data-testid="lookup-problem">
            {problem.kind === "tooMany" ? t("lookup.tooMany", { count: problem.minutes }) : t(`lookup.${problem.kind}`)}
          </p>
        )}
        {order && (
          <section aria-labelledby="lookup-found" data-testid="lookup-result">
            <h2 id="lookup-found">
              <Trans t={t} i18nKey="lookup.found" values={{ number: order.number }} components={{ 1: <bdi /> }} />
            </h2>
            <OrderLine order={order} showWallet={false} />
            <TicketCards order={order} />
          </section>
        )}
      </div>
      <p>
        <Link to={href.myOrders()}>{t("orders.title")}</Link>
      </p>
    </PageShell>
  );
}

export const Head = textHead({ title: "lookup.title", description: "lookup.lead" });

export const query = graphql`
  query OrderLookupPage($language: String!) {
    ...LocalesTickets
  }
`;
