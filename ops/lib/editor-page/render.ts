/**
 * The editors' page, rendered on the server: the sign-in form, the dashboard (live release
 * and what it changed, the publish in progress with its steps and a progress bar, what
 * waits and when it starts, the scheduled rebuilds, the history with failures explained,
 * the kept releases with "Roll back to this release") and the rollback confirmation.
 *
 * No inline script or style: editor.css and editor.js are files (the page's CSP allows
 * 'self' only). The dynamic part (#panel) is also served alone, which editor.js fetches
 * every two seconds; the page works without JavaScript (forms post, the page reloads).
 */
import type { TFunction } from "i18next";
import "../../../src/core/date-locales-all";
import { formatDateTime } from "../../../src/core/format";
import { standalonePage } from "../../../src/core/standalone-page";
import type { ReleaseChanges } from "../releases";
import { publishBanner } from "./banner";
import { explainFailure } from "./explain";
import { EDITOR_LANGUAGES, type EditorLang, textsFor } from "./texts";

export type EditorStep = "read" | "build" | "verify" | "switch" | "compress";
/** In their order: the release is live at the switch, its compressed copies are written after it. */
export const EDITOR_STEPS: readonly EditorStep[] = ["read", "build", "verify", "switch", "compress"];

export interface EditorAttempt {
  kind: "publish" | "rollback";
  reason: string;
  startedAt: string;
  endedAt: string | null;
  result: "running" | "succeeded" | "failed";
  release: string | null;
  seconds: number | null;
  error: string | null;
  /** a compression that failed after the switch: the release went live all the same */
  warning?: string | null;
}

/** Event titles by language, for the rebuilds the schedule starts when an event starts or ends. */
export type EventTitles = Record<number, Partial<Record<EditorLang, string>>>;

export interface EditorView {
  siteUrl: string;
  csrf: string;
  notice?: string;
  /** when this editor pressed "Publish now" (epoch ms): the banner follows that publish */
  requestedAt?: number | null;
  eventTitles?: EventTitles;
  live: { name: string; createdAt: string; reason: string; totalPages: number; changes: ReleaseChanges | null } | null;
  running: {
    kind: "publish" | "rollback";
    reason: string;
    startedAt: string;
    step: EditorStep | null;
    /** the release this publish made live (from its switch on, while it compresses) */
    liveRelease?: string | null;
    read: { done: number; total: number } | null;
    /** 0..1 */
    progress: number;
  } | null;
  pending: { kind: "publish" | "rollback"; requests: number; dueAt: string; afterRunning: boolean } | null;
  schedule: { enabled: boolean; upcoming: Array<{ at: string; reason: string }> };
  history: EditorAttempt[];
  releases: Array<{ name: string; createdAt: string | null; totalPages: number | null; live: boolean }>;
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
}

/** A Latin run (release number, URL, field name) isolated inside any language's sentence. */
const bdi = (text: string) => `<bdi>${escapeHtml(text)}</bdi>`;

/** "Fri, 28 Nov 2026, 20:05 (UAE time)": the site's own date format, in UAE time, to the minute. */
function when(lang: EditorLang, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return escapeHtml(iso);
  const text = textsFor(lang)("uaeTime", { time: formatDateTime(date.toISOString(), lang) });
  return `<time datetime="${escapeHtml(date.toISOString())}">${text}</time>`;
}

const number = (lang: EditorLang, n: number) => new Intl.NumberFormat(lang).format(n);
/** "16 s", "16 с", "16 ث": the same format editor.js counts down with. */
const seconds = (lang: EditorLang, n: number) =>
  new Intl.NumberFormat(lang, { style: "unit", unit: "second", unitDisplay: "short" }).format(n);

/**
 * What started a publish, in words: "hook", "editor", "schedule: ...", "rollback", "by hand".
 * A rebuild for an event that starts or ends names the event by its title in the page's
 * language (`titles`), by its number only while the title is unknown.
 */
export function triggerText(reason: string, t: TFunction, lang: EditorLang = "en", titles: EventTitles = {}): string {
  if (reason === "hook") return t("trigger.hook");
  if (reason === "editor") return t("trigger.editor");
  if (reason === "rollback") return t("trigger.rollback");
  if (reason === "by hand") return t("trigger.byHand");
  if (/^schedule: daily/.test(reason)) return t("trigger.daily");
  const event = /event (\d+) (starts|ends)/.exec(reason);
  if (event) {
    const known = titles[Number(event[1])];
    const title = known?.[lang] ?? known?.en;
    const key = event[2] === "starts" ? "trigger.eventStarts" : "trigger.eventEnds";
    return title ? t(`${key}Title`, { title: `<bdi>${escapeHtml(title)}</bdi>` }) : t(key, { id: event[1] });
  }
  return t("trigger.other", { reason });
}

function page(lang: EditorLang, title: string, body: string, withScript: boolean): string {
  return standalonePage({
    lang,
    dir: lang === "ar" ? "rtl" : "ltr",
    titleHtml: title,
    headHtml: `<link rel="stylesheet" href="/editor/editor.css">${withScript ? '\n<script src="/editor/editor.js" defer></script>' : ""}`,
    bodyHtml: body,
  });
}

function languageLinks(lang: EditorLang, path: string): string {
  const t = textsFor(lang);
  return `<nav class="languages" aria-label="${t("language")}">${EDITOR_LANGUAGES.map((l) =>
    l === lang
      ? `<span aria-current="true" lang="${l}">${textsFor(l)(`languages.${l}`)}</span>`
      : `<a href="${path}?lang=${l}" lang="${l}" hreflang="${l}">${textsFor(l)(`languages.${l}`)}</a>`,
  ).join(" ")}</nav>`;
}

export function renderLogin(lang: EditorLang, message: { error?: string; notice?: string } = {}): string {
  const t = textsFor(lang);
  return page(
    lang,
    t("login.heading"),
    `<main class="login">
${languageLinks(lang, "/editor/")}
<h1>${t("login.heading")}</h1>
${message.notice ? `<p class="notice" role="status">${message.notice}</p>` : ""}
${message.error ? `<p class="error" role="alert">${message.error}</p>` : ""}
<p>${t("login.intro")}</p>
<form method="post" action="/editor/login">
<input type="hidden" name="lang" value="${lang}">
<label for="token">${t("login.token")}</label>
<input id="token" name="token" type="password" autocomplete="current-password" required dir="ltr">
<button type="submit">${t("login.submit")}</button>
</form>
</main>`,
    false,
  );
}

function csrfField(csrf: string): string {
  return `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`;
}

function liveSection(lang: EditorLang, view: EditorView, t: TFunction): string {
  const live = view.live;
  if (!live)
    return `<section aria-labelledby="live-h"><h2 id="live-h">${t("live.heading")}</h2><p>${t("live.none")}</p></section>`;
  const link = (p: string) =>
    `<li><a href="${escapeHtml(view.siteUrl + p)}" rel="noopener" target="_blank" dir="ltr">${escapeHtml(p)}</a></li>`;
  let changes = `<p>${t("live.first")}</p>`;
  const c = live.changes;
  if (c) {
    const parts = (["added", "removed", "changed"] as const).filter((k) => c[k] > 0);
    changes =
      parts.length === 0
        ? `<p>${t("live.nothing")}</p>`
        : parts
            .map(
              (k) =>
                `<div class="change change-${k}"><h4>${t(`live.${k}`, { count: c[k] })}</h4>${
                  k === "removed"
                    ? `<ul>${c.samples[k].map((p) => `<li><bdi dir="ltr">${escapeHtml(p)}</bdi></li>`).join("")}</ul>`
                    : `<ul>${c.samples[k].map(link).join("")}</ul>`
                }</div>`,
            )
            .join("");
    changes = `<h3>${t("live.changes")} (${bdi(c.previous)})</h3>${changes}`;
  }
  return `<section aria-labelledby="live-h" class="live">
<h2 id="live-h">${t("live.heading")}</h2>
<p class="release" data-release="${escapeHtml(live.name)}"><strong>${t("live.release", { name: bdi(live.name) })}</strong> · ${t("live.pages", { count: live.totalPages })}</p>
<p>${t("live.when", { when: when(lang, live.createdAt) })}</p>
<p>${t("live.trigger", { trigger: triggerText(live.reason, t, lang, view.eventTitles) })}</p>
${changes}
</section>`;
}

function progressSection(lang: EditorLang, view: EditorView, t: TFunction): string {
  const r = view.running;
  if (!r)
    return `<section aria-labelledby="run-h" class="running" data-state="idle"><h2 id="run-h">${t("progress.heading")}</h2><p>${t("progress.idle")}</p></section>`;
  const percent = Math.round(Math.min(1, Math.max(0, r.progress)) * 100);
  const steps =
    r.kind === "rollback"
      ? ""
      : `<ol class="steps" aria-label="${t("progress.steps")}">${EDITOR_STEPS.map((step) => {
          const index = EDITOR_STEPS.indexOf(step);
          const current = r.step === null ? -1 : EDITOR_STEPS.indexOf(r.step);
          const state = index < current ? "done" : index === current ? "current" : "todo";
          const label =
            step === "read" && state === "current" && r.read && r.read.total > 0
              ? t("progress.read", { done: number(lang, r.read.done), total: number(lang, r.read.total) })
              : step === "read"
                ? t("progress.readStart")
                : t(`progress.${step}`);
          return `<li class="step-${state}" data-step="${step}"${state === "current" ? ' aria-current="step"' : ""}>${label}</li>`;
        }).join("")}</ol>`;
  const liveNow =
    r.step === "compress" && r.liveRelease
      ? `<p class="live-compressing" role="status"><strong>${t("progress.liveCompressing", { name: bdi(r.liveRelease) })}</strong></p>`
      : "";
  return `<section aria-labelledby="run-h" class="running" data-state="running" data-step="${r.step ?? ""}">
<h2 id="run-h">${t("progress.heading")}</h2>
<p>${t(r.kind === "rollback" ? "progress.rollback" : "progress.publish", { since: when(lang, r.startedAt) })} · ${triggerText(r.reason, t, lang, view.eventTitles)}</p>
${liveNow}
<progress max="100" value="${percent}" aria-label="${t("progress.bar")}">${percent} %</progress>
${steps}
</section>`;
}

function queueSection(lang: EditorLang, view: EditorView, t: TFunction): string {
  const p = view.pending;
  const publishNow = `<form method="post" action="/editor/publish" class="publish-now">${csrfField(view.csrf)}<button type="submit">${t("queue.publishNow")}</button> <small>${t("queue.publishNowNote")}</small></form>`;
  if (!p)
    return `<section aria-labelledby="queue-h"><h2 id="queue-h">${t("queue.heading")}</h2><p>${t("queue.empty")}</p>${publishNow}</section>`;
  const what = p.kind === "rollback" ? t("queue.rollback") : t("queue.waiting", { count: p.requests });
  const due = p.afterRunning
    ? `<p>${t("queue.afterRunning")}</p>`
    : `<p>${t("queue.countdown")} <span class="countdown" data-due="${escapeHtml(p.dueAt)}">${seconds(lang, Math.max(0, Math.ceil((Date.parse(p.dueAt) - Date.now()) / 1000)))}</span></p><p><small>${t("queue.quietNote")}</small></p>`;
  return `<section aria-labelledby="queue-h" class="queue"><h2 id="queue-h">${t("queue.heading")}</h2><p>${what}</p>${due}${publishNow}</section>`;
}

function scheduleSection(lang: EditorLang, view: EditorView, t: TFunction): string {
  const s = view.schedule;
  const body = !s.enabled
    ? `<p>${t("schedule.off")}</p>`
    : s.upcoming.length === 0
      ? `<p>${t("schedule.none")}</p>`
      : `<ul>${s.upcoming.map((u) => `<li>${when(lang, u.at)}: ${triggerText(u.reason, t, lang, view.eventTitles)}</li>`).join("")}</ul>`;
  return `<section aria-labelledby="schedule-h"><h2 id="schedule-h">${t("schedule.heading")}</h2>${body}</section>`;
}

function historySection(lang: EditorLang, view: EditorView, t: TFunction): string {
  if (view.history.length === 0)
    return `<section aria-labelledby="history-h"><h2 id="history-h">${t("history.heading")}</h2><p>${t("history.empty")}</p></section>`;
  const items = view.history.map((a) => {
    const head = `<p><strong>${t(`history.${a.kind}`)}</strong> · <span class="result result-${a.result}">${t(`history.${a.result}`)}</span> · ${when(lang, a.startedAt)}${
      a.seconds !== null ? ` · ${t("history.duration", { seconds: number(lang, a.seconds) })}` : ""
    }${a.release && a.result === "succeeded" ? ` · ${t("history.toRelease", { name: bdi(a.release) })}` : ""} · ${triggerText(a.reason, t, lang, view.eventTitles)}</p>`;
    if (a.result === "succeeded" && a.warning)
      return `<li class="attempt attempt-succeeded attempt-warning">${head}<p class="warning">${t("history.compressionWarning")}</p></li>`;
    if (a.result !== "failed" || !a.error) return `<li class="attempt attempt-${a.result}">${head}</li>`;
    const explained = explainFailure(a.error, t);
    const force = explained.canForce
      ? `<form method="post" action="/editor/publish">${csrfField(view.csrf)}<input type="hidden" name="force" value="1"><button type="submit">${t("failure.publishAnyway")}</button></form>`
      : "";
    return `<li class="attempt attempt-failed failure-${explained.kind}">${head}
<p class="what"><strong>${t("history.what")}:</strong> ${explained.what}</p>
<p class="todo"><strong>${t("history.todo")}:</strong> ${explained.todo}</p>${force}</li>`;
  });
  return `<section aria-labelledby="history-h" class="history"><h2 id="history-h">${t("history.heading")}</h2><ol>${items.join("")}</ol></section>`;
}

function releasesSection(lang: EditorLang, view: EditorView, t: TFunction): string {
  if (view.releases.length === 0) return "";
  const items = [...view.releases]
    .reverse()
    .map(
      (r) =>
        `<li data-release="${escapeHtml(r.name)}">${bdi(r.name)}${r.createdAt ? ` · ${when(lang, r.createdAt)}` : ""}${
          r.totalPages !== null ? ` · ${t("releases.pages", { count: r.totalPages })}` : ""
        } ${r.live ? `<strong class="live-badge">${t("releases.live")}</strong>` : `<a class="rollback" href="/editor/rollback?release=${encodeURIComponent(r.name)}">${t("releases.rollBack")}</a>`}</li>`,
    );
  return `<section aria-labelledby="releases-h" class="releases"><h2 id="releases-h">${t("releases.heading")}</h2><ul>${items.join("")}</ul></section>`;
}

/** What became of this editor's "Publish now", while the page stays open after it. */
function bannerSection(view: EditorView, t: TFunction): string {
  if (view.requestedAt === undefined || view.requestedAt === null) return "";
  const banner = publishBanner(view, view.requestedAt);
  const text =
    banner.state === "live" && banner.release
      ? t("banner.liveRelease", { name: bdi(banner.release) })
      : t(`banner.${banner.state}`);
  const role = banner.state === "failed" ? "alert" : "status";
  return `<p class="banner banner-${banner.state}" role="${role}" data-state="${banner.state}">${text}</p>`;
}

/** The part of the dashboard that changes: fetched again by editor.js. */
export function renderPanel(lang: EditorLang, view: EditorView): string {
  const t = textsFor(lang);
  return [
    bannerSection(view, t),
    progressSection(lang, view, t),
    queueSection(lang, view, t),
    liveSection(lang, view, t),
    historySection(lang, view, t),
    releasesSection(lang, view, t),
    scheduleSection(lang, view, t),
  ].join("\n");
}

export function renderDashboard(lang: EditorLang, view: EditorView): string {
  const t = textsFor(lang);
  return page(
    lang,
    t("title"),
    `<header>
<h1>${t("title")}</h1>
${languageLinks(lang, "/editor/")}
<form method="post" action="/editor/logout" class="logout">${csrfField(view.csrf)}<button type="submit">${t("logout")}</button></form>
</header>
${view.notice ? `<p class="notice" role="status">${view.notice}</p>` : ""}
<p class="auto"><small>${t("updated")}</small></p>
<main id="panel" data-lang="${lang}"${view.requestedAt ? ` data-requested="${view.requestedAt}"` : ""} aria-live="polite">
${renderPanel(lang, view)}
</main>`,
    true,
  );
}

export function renderConfirm(
  lang: EditorLang,
  release: { name: string; createdAt: string | null } | null,
  requested: string,
  csrf: string,
): string {
  const t = textsFor(lang);
  if (!release)
    return page(
      lang,
      t("title"),
      `<main><p class="error" role="alert">${t("confirm.missing", { name: bdi(requested) })}</p><p><a href="/editor/">${t("confirm.cancel")}</a></p></main>`,
      false,
    );
  return page(
    lang,
    t("confirm.heading", { name: escapeHtml(release.name) }),
    `<main class="confirm">
<h1>${t("confirm.heading", { name: bdi(release.name) })}</h1>
<p>${t("confirm.body", { name: bdi(release.name), when: release.createdAt ? when(lang, release.createdAt) : "?" })}</p>
<form method="post" action="/editor/rollback">${csrfField(csrf)}<input type="hidden" name="release" value="${escapeHtml(release.name)}">
<button type="submit" class="danger">${t("confirm.yes")}</button>
<a href="/editor/">${t("confirm.cancel")}</a>
</form>
</main>`,
    false,
  );
}

export function renderMessage(lang: EditorLang, message: string): string {
  const t = textsFor(lang);
  return page(
    lang,
    t("title"),
    `<main><p class="error" role="alert">${message}</p><p><a href="/editor/">${t("title")}</a></p></main>`,
    false,
  );
}
