/**
 * What a waiting-list e-mail's link opens on the event page: the offer held for the visitor,
 * with the way to put its tickets in the basket (or to give it up), or the way to leave the
 * list. The token comes from the address's fragment, which browsers never send to a server.
 */
import { navigate } from "gatsby";
import type React from "react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBasket } from "../basket/basket-context";
import { formatDateTime } from "../core/format";
import { href, localize } from "../core/routes";
import { usePageLanguage } from "../kernel/site-context";
import { errorKey, linkInHash, type WaitlistEntry, WaitlistError, waitlistApi } from "./waitlist-client";
import * as styles from "./waitlist.module.css";

type Load = { status: "loading" } | { status: "failed"; key: string } | { status: "ready"; entry: WaitlistEntry };

export function WaitlistLink(): React.JSX.Element | null {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { reload } = useBasket();
  const [link] = useState(() => linkInHash(window.location.hash));
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!link) {
      setLoad({ status: "failed", key: "waitlist.link.unknown" });
      return;
    }
    let current = true;
    waitlistApi
      .entry(link.token, lang)
      .then((entry) => current && setLoad({ status: "ready", entry }))
      .catch((err: unknown) => {
        if (!current) return;
        const code = err instanceof WaitlistError ? err.code : "other";
        setLoad({ status: "failed", key: code === "unknown_entry" ? "waitlist.link.unknown" : errorKey(code) });
      });
    return () => {
      current = false;
    };
  }, [link, lang]);

  useEffect(() => {
    if (load.status !== "loading") panel.current?.scrollIntoView({ block: "center" });
  }, [load.status]);

  if (!link || load.status === "loading") return null;

  const act = async (what: "claim" | "leave") => {
    setBusy(true);
    setError(null);
    try {
      const entry = await waitlistApi[what](link.token, lang);
      if (what === "claim") {
        await reload();
        await navigate(localize(href.cart(), lang));
        return;
      }
      setLoad({ status: "ready", entry });
    } catch (err) {
      const code = err instanceof WaitlistError ? err.code : "other";
      if (code === "offer_taken" || code === "offer_ended") {
        // the offer changed meanwhile: show it as it is now
        const entry = await waitlistApi.entry(link.token, lang).catch(() => null);
        if (entry) setLoad({ status: "ready", entry });
      } else setError(errorKey(code));
    } finally {
      setBusy(false);
    }
  };

  const button = (what: "claim" | "leave", className: string, label: string) => (
    <button type="button" className={className} disabled={busy} onClick={() => void act(what)}>
      {label}
    </button>
  );

  const body = (): React.ReactNode => {
    if (load.status === "failed") return <p role="alert">{t(load.key)}</p>;
    const e = load.entry;
    const what = (
      <p>
        <bdi>{e.ticket.title}</bdi> · {t("waitlist.tickets", { count: e.count })}
      </p>
    );
    if (e.state === "offered" && link.action === "offer")
      return (
        <>
          <h2>{t("waitlist.link.offerTitle")}</h2>
          {what}
          {e.offer_expires_at ? (
            <p>
              {t("waitlist.link.until")}{" "}
              <strong>
                <time dateTime={e.offer_expires_at}>{formatDateTime(e.offer_expires_at, lang)}</time>
              </strong>
            </p>
          ) : null}
          <div className={styles.actions}>
            {button("claim", "btn", t("waitlist.link.claim"))}
            {button("leave", "btn btn-ghost", t("waitlist.link.decline"))}
          </div>
        </>
      );
    if (e.state === "waiting" || e.state === "offered")
      return (
        <>
          <h2>{e.state === "waiting" ? t("waitlist.link.waiting") : t("waitlist.link.offerPending")}</h2>
          {what}
          {e.state === "waiting" ? (
            <p>
              {t("waitlist.position")} <bdi>{e.position ?? 1}</bdi>
            </p>
          ) : null}
          <div className={styles.actions}>{button("leave", "btn", t("waitlist.link.leave"))}</div>
        </>
      );
    return <p role="status">{t(`waitlist.link.${e.state}`)}</p>;
  };

  return (
    <section ref={panel} className={styles.linkPanel} data-testid="waitlist-link" aria-live="polite">
      {body()}
      {error ? (
        <p className={styles.error} role="alert">
          {t(error)}
        </p>
      ) : null}
    </section>
  );
}
