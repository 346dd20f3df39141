/**
 * A sold-out ticket category's sign-up for its waiting list: the e-mail address, how many
 * tickets, and the captcha the checkout uses, solved unseen while the visitor types. Shown only
 * when the server says the category takes sign-ups (a 2.2 server has no waiting list: nothing).
 */
import type React from "react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBasket } from "../basket/basket-context";
import { solve } from "../checkout/captcha";
import { usePageLanguage } from "../kernel/site-context";
import { errorKey, type JoinProps, type WaitlistEntry, WaitlistError, waitlistApi } from "./waitlist-client";
import * as styles from "./waitlist.module.css";

type View = "hidden" | "closed" | "form" | "sending";

export function WaitlistJoin({ ticketId, ticketTitle, maxPerOrder }: JoinProps): React.JSX.Element | null {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { client } = useBasket();
  const id = useId();
  const [view, setView] = useState<View>("hidden");
  const [waiting, setWaiting] = useState(0);
  const [email, setEmail] = useState("");
  const [count, setCount] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ entry: WaitlistEntry; email: string } | null>(null);
  const captcha = useRef<Promise<string> | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let current = true;
    waitlistApi
      .status(ticketId, lang)
      .then((status) => {
        if (!current || !status?.open) return;
        setWaiting(status.waiting);
        setView("closed");
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [ticketId, lang]);

  useEffect(() => {
    if (view === "form") emailRef.current?.focus();
  }, [view]);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  /** A solution never sent before: solved in the background from the moment the form opens. */
  const solveNext = () => {
    const solving = client.getCaptcha().then((challenge) => solve(challenge, new AbortController().signal));
    solving.catch(() => undefined);
    captcha.current = solving;
  };

  const open = () => {
    setView("form");
    solveNext();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (view === "sending") return;
    setView("sending");
    setError(null);
    try {
      const solution = await (captcha.current ?? Promise.reject(new Error("no captcha"))).catch(() => {
        // the background attempt failed (offline a moment): one more, now
        solveNext();
        return captcha.current as Promise<string>;
      });
      const entry = await waitlistApi.join(
        { ticket_id: ticketId, count, email: email.trim(), captcha: solution },
        lang,
      );
      setDone({ entry, email: email.trim() });
    } catch (err) {
      setError(errorKey(err instanceof WaitlistError ? err.code : "other"));
      setView("form");
      // each solution is accepted once
      solveNext();
    }
  };

  if (done)
    return (
      <div className={styles.panel} data-testid="waitlist-done">
        <p ref={doneRef} tabIndex={-1} role="status">
          <strong>{t("waitlist.joined")}</strong> {t("waitlist.position")} <bdi>{done.entry.position ?? 1}</bdi>
        </p>
        <p>
          {t("waitlist.confirmationSent")} <bdi dir="ltr">{done.email}</bdi>
        </p>
      </div>
    );
  if (view === "hidden") return null;
  if (view === "closed")
    return (
      <div className={styles.panel} data-testid="waitlist">
        <p className="muted">
          {waiting > 0 ? t("waitlist.othersWaiting", { count: waiting }) : t("waitlist.nobodyWaiting")}
        </p>
        <button type="button" className={`btn btn-ghost ${styles.join}`} onClick={open} data-testid="waitlist-open">
          {t("waitlist.join")}
        </button>
      </div>
    );
  return (
    <form
      className={`${styles.panel} ${styles.form}`}
      onSubmit={(e) => void submit(e)}
      data-testid="waitlist-form"
      aria-label={String(t("waitlist.formLabel", { title: ticketTitle }))}
    >
      <p>{t("waitlist.explain")}</p>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>{t("waitlist.email")}</label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          className={styles.input}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error === "waitlist.error.invalid_email" || undefined}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-count`}>{t("waitlist.count")}</label>
        <select
          id={`${id}-count`}
          className={styles.count}
          value={count}
          onChange={(e) => setCount(Number(e.target.value))}
        >
          {Array.from({ length: Math.max(1, maxPerOrder) }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {t("waitlist.tickets", { count: n })}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className={styles.error} role="alert" data-testid="waitlist-error">
          {t(error)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className="btn" disabled={view === "sending"} data-testid="waitlist-submit">
          {view === "sending" ? t("waitlist.sending") : t("waitlist.submit")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setView("closed")}>
          {t("waitlist.cancel")}
        </button>
      </div>
    </form>
  );
}
