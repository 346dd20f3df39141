/**
 * The door scanner: pairs the phone from the link's #pair= token, then checks each code
 * read by the camera, typed by a keyboard-wedge scanner or found by name, online through
 * the API or, without a network, on the phone (offline-decide.ts), queueing those scans
 * for upload. The answer fills the screen in green, amber or red with a sound.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { browserConfig } from "../config";
import { formatDateTime, formatDayRange, formatTime } from "../core/format";
import type { Lang } from "../core/routes";
import { normaliseCode } from "../core/ticket-code";
import { Trans } from "../i18n/trans";
import { usePageLanguage } from "../kernel/site-context";
import { type CameraScan, startCamera } from "./camera";
import { type DeviceState, EMPTY_STATE, loadState, saveState } from "./device-store";
import { signal, toneOf } from "./feedback";
import { decideOffline, type OfflineData } from "./offline-decide";
import { DeviceRefused, newNonce, Offline, type ScanResult, type SearchResult, scannerClient } from "./scanner-client";
import { afterUpload, uploadQueue } from "./upload-queue";
import * as styles from "./scanner.module.css";

interface Shown {
  status: string;
  name: string | null;
  category: string | null;
  code: string | null;
  usedAt: string | null;
  /** the device and gate of the admission that came first (online answers only) */
  usedOn: { device: string; gate: string } | null;
  /** for "not valid yet": from when the ticket admits */
  validFrom: string | null;
  offline: boolean;
  scanId: number | null;
  undoUntil: number | null;
}

type Phase = "loading" | "unpaired" | "pairing" | "pairFailed" | "removed" | "ready";

const SAME_CODE_PAUSE_MS = 3000;
const SYNC_EVERY_MS = 10_000;

/** Names and codes inside a sentence of any language (a Latin gate name in Arabic): <bdi> in the texts. */
const ISOLATED = { bdi: <bdi /> };

/**
 * A phone paired without a name is "Device 3" on the server (checkin-service.ts, pair): said
 * in the scanner's language; a name the organiser gave is shown as it is.
 */
function deviceLabel(name: string, t: (key: string, options: { number: string }) => string): string {
  const numbered = /^Device (\d+)$/.exec(name);
  return numbered ? t("device", { number: numbered[1] as string }) : name;
}

/** The event and its date (or days) for the header: the gate alone does not say which evening it is. */
function eventLine(event: OfflineData["event"], lang: Lang): { title: string; when: string } | null {
  const first = event?.sessions[0];
  const last = event?.sessions.at(-1);
  if (!event || !first || !last) return null;
  const when =
    event.sessions.length === 1
      ? formatDateTime(first.started_at, lang)
      : formatDayRange(first.started_at, last.finished_at ?? last.started_at, lang);
  return { title: event.title, when };
}

export function ScannerView(): React.JSX.Element {
  const { t } = useTranslation("tickets", { keyPrefix: "scan" });
  // <Trans> reads its key whole: the texts with an isolated name in them
  const { t: tickets } = useTranslation("tickets");
  const lang = usePageLanguage();
  const [phase, setPhase] = useState<Phase>("loading");
  const [state, setState] = useState<DeviceState>(EMPTY_STATE);
  const [online, setOnline] = useState(true);
  const [counts, setCounts] = useState<{ admitted: number; expected: number } | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [direction, setDirection] = useState<"entry" | "exit">("entry");
  const [typed, setTyped] = useState("");
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<SearchResult[] | null>(null);
  const [cameraOn, setCameraOn] = useState(false);
  const [cameraFailed, setCameraFailed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const camera = useRef<CameraScan | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const last = useRef<{ text: string; at: number }>({ text: "", at: 0 });
  const stateRef = useRef(state);
  const apiUrl = browserConfig().basketApiUrl;

  const update = useCallback((change: (s: DeviceState) => DeviceState) => {
    const next = change(stateRef.current);
    stateRef.current = next;
    saveState(next);
    setState(next);
  }, []);

  const client = useCallback(() => scannerClient(apiUrl, stateRef.current.token, lang), [apiUrl, lang]);

  const refused = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof DeviceRefused)) return false;
      update(() => EMPTY_STATE);
      setPhase("removed");
      return true;
    },
    [update],
  );

  /** After a call to the server: its counts and the network back, or offline, or this device removed. */
  const answered = useCallback((counts: ScanResult["counts"]) => {
    setCounts(counts);
    setOnline(true);
  }, []);
  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof Offline) setOnline(false);
      else refused(error);
    },
    [refused],
  );

  const download = useCallback(async () => {
    try {
      const data = await client().offline();
      update((s) => ({ ...s, offline: data, listName: data.list.name }));
      answered(data.counts);
    } catch (error) {
      failed(error);
    }
  }, [client, update, answered, failed]);

  const upload = useCallback(async () => {
    if (!stateRef.current.token) return;
    try {
      await uploadQueue(
        stateRef.current.queue,
        (batch) => client().sync(batch),
        (answer, wholeQueueSent) => {
          update((s) => afterUpload(s, answer, wholeQueueSent));
          answered(answer.counts);
        },
      );
    } catch (error) {
      failed(error);
    }
  }, [client, update, answered, failed]);

  // pairing from the link, or the device this phone already is
  useEffect(() => {
    const saved = loadState();
    stateRef.current = saved;
    setState(saved);
    setOnline(navigator.onLine);
    const pairToken = new URLSearchParams(window.location.hash.slice(1)).get("pair");
    if (pairToken) {
      window.history.replaceState(null, "", window.location.pathname);
      setPhase("pairing");
      scannerClient(apiUrl, null, lang)
        .pair(pairToken)
        .then((paired) => {
          update(() => ({
            ...EMPTY_STATE,
            token: paired.device_token,
            deviceName: paired.device.name,
            listName: paired.list.name,
          }));
          setPhase("ready");
          void download();
        })
        .catch(() => setPhase(saved.token ? "ready" : "pairFailed"));
    } else {
      setPhase(saved.token ? "ready" : "unpaired");
      if (saved.token) void download();
    }
    // the service worker keeps this page working without a network
    navigator.serviceWorker?.register("/scan-sw.js", { scope: window.location.pathname }).catch(() => undefined);
    // once, on the first render: pairing must not run twice
    // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  }, []);

  useEffect(() => {
    if (phase !== "ready") return;
    const goOnline = () => {
      setOnline(true);
      void upload().then(download);
    };
    const goOffline = () => setOnline(false);
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    const timer = setInterval(() => {
      if (stateRef.current.queue.length > 0 || stateRef.current.conflicts.length === 0) void upload();
    }, SYNC_EVERY_MS);
    return () => {
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
      clearInterval(timer);
    };
  }, [phase, upload, download]);

  const show = useCallback((next: Shown) => {
    setShown(next);
    signal(toneOf(next.status));
  }, []);

  const decideHere = useCallback(
    (text: string, nonce: string, scannedAt: string) => {
      const data = stateRef.current.offline;
      if (!data) {
        show({
          status: "unknown",
          name: null,
          category: null,
          code: null,
          usedAt: null,
          usedOn: null,
          validFrom: null,
          offline: true,
          scanId: null,
          undoUntil: null,
        });
        return;
      }
      const answer = decideOffline(text, data, stateRef.current.admittedHere, Date.now());
      update((s) => ({
        ...s,
        queue: [...s.queue, { code: text, nonce, scanned_at: scannedAt, direction, local_status: answer.status }],
        admittedHere:
          answer.status === "admitted" && answer.key ? { ...s.admittedHere, [answer.key]: scannedAt } : s.admittedHere,
      }));
      show({
        status: answer.status,
        name: answer.ticket?.name ?? null,
        category: answer.ticket?.category ?? null,
        code: answer.ticket?.code ?? null,
        usedAt: answer.usedAt,
        usedOn: null,
        validFrom: answer.validFrom,
        offline: true,
        scanId: null,
        undoUntil: null,
      });
    },
    [direction, show, update],
  );

  const check = useCallback(
    async (raw: string) => {
      const text = raw.trim();
      if (!text) return;
      const nonce = newNonce();
      const scannedAt = new Date().toISOString();
      if (!navigator.onLine) {
        setOnline(false);
        decideHere(text, nonce, scannedAt);
        return;
      }
      try {
        const r: ScanResult = await client().redeem({ code: text, nonce, scanned_at: scannedAt, direction });
        setOnline(true);
        setCounts(r.counts);
        show({
          status: r.status,
          name: r.ticket?.name ?? null,
          category: r.ticket?.category ?? null,
          code: r.ticket?.code ?? null,
          usedAt: r.used?.at ?? null,
          usedOn: r.used ? { device: r.used.device, gate: r.used.list } : null,
          validFrom: r.status === "not_yet_valid" ? (r.ticket?.valid_from ?? null) : null,
          offline: false,
          scanId: r.scan_id,
          undoUntil: r.undo_until ? Date.parse(r.undo_until) : null,
        });
      } catch (error) {
        if (error instanceof Offline) {
          setOnline(false);
          decideHere(text, nonce, scannedAt);
        } else if (!refused(error)) setNotice(String(error));
      }
    },
    [client, decideHere, direction, refused, show],
  );

  const onCameraText = useCallback(
    (text: string) => {
      const now = Date.now();
      if (text === last.current.text && now - last.current.at < SAME_CODE_PAUSE_MS) return;
      last.current = { text, at: now };
      void check(text);
    },
    [check],
  );

  const toggleCamera = async () => {
    if (camera.current) {
      camera.current.stop();
      camera.current = null;
      setCameraOn(false);
      return;
    }
    if (!video.current) return;
    try {
      setCameraFailed(false);
      camera.current = await startCamera(video.current, onCameraText);
      setCameraOn(true);
    } catch {
      setCameraFailed(true);
    }
  };
  useEffect(() => () => camera.current?.stop(), []);
  // a keyboard-wedge scanner types into whatever has focus: the code field, from the start
  useEffect(() => {
    if (phase === "ready") input.current?.focus();
  }, [phase]);

  const undo = async () => {
    if (!shown?.scanId) return;
    try {
      const r = await client().undo(shown.scanId);
      setCounts(r.counts);
      setShown(null);
      setNotice(t("undone"));
    } catch (error) {
      if (!refused(error)) setNotice(String(error));
    }
  };

  const search = async (event: React.FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q.length < 2) return;
    try {
      setFound((await client().search(q)).results);
    } catch {
      const data = stateRef.current.offline;
      const needle = q.toLocaleLowerCase();
      const code = normaliseCode(q);
      const admittedHere = stateRef.current.admittedHere;
      setFound(
        data?.tickets
          .filter(
            (x) =>
              x.name.toLocaleLowerCase().includes(needle) ||
              x.order_number.toLowerCase().includes(needle) ||
              x.code === code,
          )
          .slice(0, 20)
          .map((x) => ({
            code: x.code,
            name: x.name,
            order_number: x.order_number,
            category: x.category,
            revoked: false,
            admitted_at: admittedHere[x.code] ?? x.admitted_at,
          })) ?? [],
      );
    }
  };

  if (phase !== "ready") {
    const message = {
      loading: "",
      unpaired: t("notPaired"),
      pairing: t("pairing"),
      pairFailed: t("pairFailed"),
      removed: t("removed"),
    }[phase];
    return (
      <main className={styles.page}>
        <h1 className={styles.title}>{t("title")}</h1>
        <p className={styles.message} role="status" data-testid="scan-phase" data-phase={phase}>
          {message}
        </p>
      </main>
    );
  }

  const tone = shown ? toneOf(shown.status) : null;
  const event = eventLine(state.offline?.event, lang);
  const undoable = shown?.undoUntil !== null && shown?.undoUntil !== undefined && shown.undoUntil > Date.now();
  return (
    <main className={styles.page} data-testid="scanner" data-online={online ? "true" : "false"}>
      <header className={styles.bar}>
        <h1 className={styles.title}>
          <Trans t={tickets} i18nKey="scan.gate" values={{ name: state.listName ?? "" }} components={ISOLATED} />
        </h1>
        {event && (
          <p className={styles.event} data-testid="scan-event">
            <bdi>{event.title}</bdi> · {event.when}
          </p>
        )}
        <p className={online ? styles.online : styles.offline} data-testid="scan-network">
          {online ? t("online") : t("offline")}
        </p>
        {counts && (
          <p className={styles.counts} data-testid="scan-counts" data-admitted={counts.admitted}>
            {t("counts", { admitted: counts.admitted, expected: counts.expected })}
          </p>
        )}
        {state.queue.length > 0 && (
          <p className={styles.queue} data-testid="scan-queue">
            {t("queued", { count: state.queue.length })}
          </p>
        )}
        {state.conflicts.length > 0 && (
          <p className={styles.conflicts} role="alert">
            {t("conflicts", { count: state.conflicts.length })}
          </p>
        )}
      </header>

      {state.offline?.list.reentry && (
        <fieldset className={styles.direction}>
          <legend>{t("direction")}</legend>
          {(["entry", "exit"] as const).map((d) => (
            <label key={d} className={styles.choice}>
              <input type="radio" name="direction" checked={direction === d} onChange={() => setDirection(d)} />
              {t(d)}
            </label>
          ))}
        </fieldset>
      )}

      <form
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          const text = typed;
          setTyped("");
          void check(text);
        }}
      >
        <label className={styles.field}>
          <span>{t("codeLabel")}</span>
          <input
            ref={input}
            className={styles.input}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
          />
        </label>
        <button type="submit" className={styles.button}>
          {t("check")}
        </button>
      </form>

      <div className={styles.cameraBox}>
        <button type="button" className={styles.button} onClick={() => void toggleCamera()} aria-pressed={cameraOn}>
          {cameraOn ? t("stopCamera") : t("startCamera")}
        </button>
        {cameraFailed && <p role="alert">{t("cameraFailed")}</p>}
        <video ref={video} className={cameraOn ? styles.video : styles.videoOff} aria-label={t("camera")} muted />
      </div>

      <form className={styles.row} onSubmit={(event) => void search(event)}>
        <label className={styles.field}>
          <span>{t("searchLabel")}</span>
          <input className={styles.input} value={query} onChange={(event) => setQuery(event.target.value)} dir="auto" />
        </label>
        <button type="submit" className={styles.button}>
          {t("search")}
        </button>
      </form>
      {found && (
        <ul className={styles.results} data-testid="scan-results">
          {found.length === 0 && <li>{t("noResults")}</li>}
          {found.map((r) => (
            <li key={r.code}>
              <button
                type="button"
                className={styles.result}
                onClick={() => void check(r.code)}
                data-used={r.admitted_at ? "true" : "false"}
              >
                <span className={styles.resultName}>
                  <Trans t={tickets} i18nKey="scan.checkIn" values={{ name: r.name }} components={ISOLATED} />
                </span>
                <span className={styles.resultCode}>
                  <bdi dir="ltr">{r.code}</bdi>
                </span>
                <span className={styles.resultMeta}>
                  <bdi>{r.order_number}</bdi> · {r.category}
                </span>
                {r.admitted_at && (
                  <span className={styles.resultUsed}>
                    {t("usedAtHere", { time: formatTime(r.admitted_at, lang) })}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {notice && (
        <p role="status" className={styles.message}>
          {notice}
        </p>
      )}

      {shown && tone && (
        <section
          className={`${styles.answer} ${styles[tone]}`}
          role="alert"
          data-testid="scan-answer"
          data-status={shown.status}
          data-offline={shown.offline ? "true" : "false"}
        >
          <p className={styles.status}>{t(`status.${shown.status}`, { defaultValue: shown.status })}</p>
          {shown.name && (
            <p className={styles.name}>
              <bdi>{shown.name}</bdi>
            </p>
          )}
          {shown.category && <p className={styles.category}>{shown.category}</p>}
          {shown.validFrom && (
            <p className={styles.used} data-testid="scan-valid-from">
              {t("validFrom", { time: formatDateTime(shown.validFrom, lang) })}
            </p>
          )}
          {shown.usedAt && (
            <p className={styles.used} data-testid="scan-used">
              {shown.usedOn ? (
                <Trans
                  t={tickets}
                  i18nKey="scan.usedAt"
                  values={{
                    time: formatTime(shown.usedAt, lang),
                    device: deviceLabel(shown.usedOn.device, t),
                    gate: shown.usedOn.gate,
                  }}
                  components={ISOLATED}
                />
              ) : (
                t("usedAtHere", { time: formatTime(shown.usedAt, lang) })
              )}
            </p>
          )}
          {shown.offline && <p>{t("decidedOffline")}</p>}
          <div className={styles.actions}>
            {undoable && (
              <button type="button" className={styles.button} onClick={() => void undo()}>
                {t("undo")}
              </button>
            )}
            <button
              type="button"
              className={styles.button}
              onClick={() => {
                setShown(null);
                input.current?.focus();
              }}
            >
              {t("next")}
            </button>
          </div>
        </section>
      )}
    </main>
  );
}
