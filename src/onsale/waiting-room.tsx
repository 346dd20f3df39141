/**
 * The event page's waiting room (docs/WAITING-ROOM.md): takes the visitor's place (the captcha is
 * solved unseen), shows the place, the people ahead and the estimate, and asks again when the
 * server says, so the page updates itself. Once admitted, the ticket choice is shown.
 * Loaded lazily by WaitingRoomGate, never with the page's start-up code.
 */
import type React from "react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { intlLocale } from "../core/format";
import type { Lang } from "../core/routes";
import { usePageLanguage } from "../kernel/site-context";
import { joinWaitingRoom, readWaitingRoom, solvedCaptcha, type WaitingRoomState } from "./waiting-room-client";
import * as styles from "./waiting-room.module.css";

const number = (n: number, lang: Lang) => new Intl.NumberFormat(intlLocale(lang)).format(n);
const time = (iso: string, lang: Lang) =>
  new Intl.DateTimeFormat(intlLocale(lang), { timeZone: "Asia/Dubai", dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );

export interface WaitingRoomProps {
  eventId: number;
  first: WaitingRoomState;
  /** the ticket choice, shown once the visitor is admitted (or the room closes) */
  children: React.ReactNode;
}

export default function WaitingRoom({ eventId, first, children }: WaitingRoomProps): React.JSX.Element {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const [state, setState] = useState<WaitingRoomState>(first);
  const [failed, setFailed] = useState(false);
  const [rejoin, setRejoin] = useState(0);

  // a visitor without a place takes one at once: the captcha is a proof of work, nothing to click
  useEffect(() => {
    if (state.status !== "not_joined") return;
    const abort = new AbortController();
    solvedCaptcha(abort.signal)
      .then((captcha) => joinWaitingRoom(eventId, captcha))
      .then((joined) => joined && setState(joined))
      .catch(() => !abort.signal.aborted && setFailed(true));
    return () => abort.abort();
  }, [eventId, state.status, rejoin]);

  // the page asks again when the answer says: sooner near the front, rarely far back
  useEffect(() => {
    if (state.status === "not_joined" || state.status === "closed") return;
    const timer = setTimeout(() => {
      readWaitingRoom(eventId)
        .then((next) => setState(next ?? { ...state, status: "closed" }))
        .catch(() => setState({ ...state }));
    }, state.poll_after_seconds * 1000);
    return () => clearTimeout(timer);
  }, [eventId, state]);

  if (state.status === "closed") return <>{children}</>;
  if (state.status === "admitted")
    return (
      <>
        <p className={styles.admitted} role="status" data-testid="waiting-room-admitted">
          {t("waitingRoom.admitted", { time: time(state.admission_expires_at ?? state.opens_at, lang) })}
        </p>
        {children}
      </>
    );
  const minutes = state.estimated_wait_seconds === null ? null : Math.ceil(state.estimated_wait_seconds / 60);
  return (
    <section className={styles.room} aria-labelledby="waiting-room-title" data-testid="waiting-room">
      <h3 id="waiting-room-title">{t("waitingRoom.title")}</h3>
      <div aria-live="polite" aria-atomic="true">
        {state.status === "not_joined" &&
          (failed ? (
            <p>
              {t("waitingRoom.joinFailed")}{" "}
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => {
                  setFailed(false);
                  setRejoin((n) => n + 1);
                }}
              >
                {t("waitingRoom.retry")}
              </button>
            </p>
          ) : (
            <p>{t("waitingRoom.joining")}</p>
          ))}
        {state.status === "before_opening" && (
          <>
            <p className={styles.big}>{t("waitingRoom.preQueue")}</p>
            <p>{t("waitingRoom.opensAt", { time: time(state.opens_at, lang) })}</p>
          </>
        )}
        {state.status === "waiting" && state.position !== null && (
          <>
            <p className={styles.big} data-testid="waiting-room-position">
              {t("waitingRoom.position")} <bdi>{number(state.position, lang)}</bdi>
            </p>
            <p data-testid="waiting-room-ahead">
              {t("waitingRoom.ahead", { count: state.ahead ?? 0, formatted: number(state.ahead ?? 0, lang) })}
            </p>
            <p>
              {minutes === null
                ? t("waitingRoom.noEstimate")
                : t("waitingRoom.estimate", { count: minutes, formatted: number(minutes, lang) })}
            </p>
          </>
        )}
        {state.status === "expired" && (
          <p>
            {t("waitingRoom.expired")}{" "}
            <button type="button" className="btn" onClick={() => setState({ ...state, status: "not_joined" })}>
              {t("waitingRoom.joinAgain")}
            </button>
          </p>
        )}
      </div>
      <p className={styles.note}>{t("waitingRoom.fairness")}</p>
    </section>
  );
}
