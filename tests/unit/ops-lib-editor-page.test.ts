/**
 * The editors' page without a build: sign-in, the session cookie, cross-site and CSRF
 * refusals, sign-out, the dashboard's texts in three languages, failures in an editor's
 * words, the progress bar's arithmetic, and what a release changed.
 */
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { after, before, describe, it } from "node:test";
import { publishBanner } from "../../ops/lib/editor-page/banner";
import { explainFailure, parseMalformed } from "../../ops/lib/editor-page/explain";
import { CatalogueProgress, overallProgress } from "../../ops/lib/editor-page/progress";
import { type EditorView, renderPanel } from "../../ops/lib/editor-page/render";
import { type EditorBackend, EditorPage } from "../../ops/lib/editor-page/routes";
import { EditorSessions, SESSION_MS } from "../../ops/lib/editor-page/session";
import { textsFor } from "../../ops/lib/editor-page/texts";
import { releaseChanges } from "../../ops/lib/releases";

const TOKEN = "editor-page-token-0123456789";

const VIEW: Omit<EditorView, "csrf" | "notice"> = {
  siteUrl: "https://tickets.example.ae",
  live: {
    name: "0007",
    createdAt: "2026-11-26T10:00:00Z",
    reason: "hook",
    totalPages: 373,
    changes: releaseChanges(
      "0006",
      new Set(["/", "/events/1/", "/events/2/"]),
      new Set(["/", "/events/1/", "/events/3/"]),
      ["/events/1/", "/"],
    ),
  },
  running: {
    kind: "publish",
    reason: "editor",
    startedAt: "2026-11-26T10:05:00Z",
    step: "read",
    read: { done: 120, total: 300 },
    progress: 0.2,
  },
  pending: { kind: "publish", requests: 3, dueAt: new Date(Date.now() + 20_000).toISOString(), afterRunning: false },
  schedule: { enabled: true, upcoming: [{ at: "2026-11-26T20:05:00Z", reason: "schedule: event 12 starts" }] },
  history: [
    {
      kind: "publish",
      reason: "hook",
      startedAt: "2026-11-26T09:00:00Z",
      endedAt: "2026-11-26T09:00:14Z",
      result: "failed",
      release: null,
      seconds: 14.2,
      error:
        "the build failed (exit code 1): Malformed answer from http://127.0.0.1:4010/v1/events?lang=ru&page=2: /results/3/started_at must be string",
    },
  ],
  releases: [
    { name: "0006", createdAt: "2026-11-25T10:00:00Z", totalPages: 370, live: false },
    { name: "0007", createdAt: "2026-11-26T10:00:00Z", totalPages: 373, live: true },
  ],
};

const calls: string[] = [];
const backend: EditorBackend = {
  view: () => VIEW,
  publishNow: (force) => calls.push(`publish${force ? " force" : ""}`),
  rollback: (release) => calls.push(`rollback ${release}`),
  release: (name) => (name === "0006" ? { name, createdAt: "2026-11-25T10:00:00Z" } : null),
};

let server: Server;
let base = "";

before(async () => {
  const editor = new EditorPage(TOKEN, backend);
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const body = () =>
      new Promise<Buffer>((resolve) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => resolve(Buffer.concat(chunks)));
      });
    void editor.handle(req, res, url, body).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
after(() => new Promise<void>((r) => server.close(() => r())));

function post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

async function signIn(): Promise<{ cookie: string; csrf: string }> {
  const res = await post("/editor/login", { token: TOKEN, lang: "en" });
  assert.equal(res.status, 303);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] as string;
  const page = await (await fetch(`${base}/editor/`, { headers: { cookie } })).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? "";
  return { cookie, csrf };
}

describe("the editors' page over HTTP", () => {
  it("shows only the sign-in form without a session, and nothing of the panel", async () => {
    const page = await fetch(`${base}/editor/`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /name="token"/);
    assert.doesNotMatch(html, /0007|Publish now/);
    assert.match(page.headers.get("content-security-policy") ?? "", /script-src 'self';/);
    assert.doesNotMatch(page.headers.get("content-security-policy") ?? "", /unsafe-inline/);
    assert.doesNotMatch(html, /<script>|style=/);
    // "no-referrer" would make browsers send "Origin: null" on the forms' posts, which are then refused
    assert.equal(page.headers.get("referrer-policy"), "same-origin");
    const panel = await fetch(`${base}/editor/panel`);
    assert.equal(panel.status, 401);
    assert.equal(await panel.text(), "");
  });

  it("refuses a wrong token with a message in the form's language", async () => {
    const wrong = await post("/editor/login", { token: "wrong-token-000000", lang: "ru" }, { "x-forwarded-for": "a" });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.headers.get("set-cookie"), null);
    assert.match(await wrong.text(), /Токен неверный/);
  });

  it("signs in to an HttpOnly, SameSite=Strict session cookie", async () => {
    const res = await post("/editor/login", { token: TOKEN, lang: "ar" });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get("location"), "/editor/?lang=ar");
    const cookie = res.headers.get("set-cookie") ?? "";
    assert.match(cookie, /^editor_session=[\w-]{40,};/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    assert.match(cookie, /Path=\/editor/);
  });

  it("refuses cross-site posts and posts without the session's CSRF token", async () => {
    const { cookie, csrf } = await signIn();
    assert.ok(csrf.length > 20);
    const crossSite = await post("/editor/publish", { csrf }, { cookie, origin: "https://evil.example" });
    assert.equal(crossSite.status, 403);
    const nullOrigin = await post("/editor/publish", { csrf }, { cookie, origin: "null" });
    assert.equal(nullOrigin.status, 403);
    const noToken = await post("/editor/publish", {}, { cookie });
    assert.equal(noToken.status, 403);
    const otherToken = await post("/editor/publish", { csrf: `${csrf}x` }, { cookie });
    assert.equal(otherToken.status, 403);
    const fetchSite = await post("/editor/publish", { csrf }, { cookie, origin: "", "sec-fetch-site": "cross-site" });
    assert.equal(fetchSite.status, 403);
    assert.deepEqual(calls, []);
    const ok = await post("/editor/publish", { csrf }, { cookie });
    assert.equal(ok.status, 303);
    assert.match(ok.headers.get("location") ?? "", /^\/editor\/\?requested=\d+$/);
    assert.deepEqual(calls, ["publish"]);
    const forced = await post("/editor/publish", { csrf, force: "1" }, { cookie });
    assert.equal(forced.status, 303);
    assert.deepEqual(calls, ["publish", "publish force"]);
    calls.length = 0;
  });

  it("rolls back only after a confirmation, and only to a kept release", async () => {
    const { cookie, csrf } = await signIn();
    const confirm = await fetch(`${base}/editor/rollback?release=0006`, { headers: { cookie } });
    assert.match(await confirm.text(), /Roll back to release <bdi>0006<\/bdi>\?/);
    assert.deepEqual(calls, []);
    assert.equal((await fetch(`${base}/editor/rollback?release=../x`, { headers: { cookie } })).status, 400);
    assert.equal((await post("/editor/rollback", { csrf, release: "0099" }, { cookie })).status, 400);
    assert.equal((await post("/editor/rollback", { csrf, release: "0006" }, { cookie })).status, 303);
    assert.deepEqual(calls, ["rollback 0006"]);
    calls.length = 0;
  });

  it("signs out: the cookie's session no longer opens anything", async () => {
    const { cookie, csrf } = await signIn();
    assert.equal((await fetch(`${base}/editor/panel`, { headers: { cookie } })).status, 200);
    const out = await post("/editor/logout", { csrf }, { cookie });
    assert.equal(out.status, 303);
    assert.match(out.headers.get("set-cookie") ?? "", /Max-Age=0/);
    assert.equal((await fetch(`${base}/editor/panel`, { headers: { cookie } })).status, 401);
  });

  it("serves its script and style as files", async () => {
    for (const file of ["editor.js", "editor.css"]) {
      const res = await fetch(`${base}/editor/${file}`);
      assert.equal(res.status, 200, file);
      assert.ok((await res.text()).length > 100);
    }
  });
});

describe("editor sessions", () => {
  it("refuse more than ten wrong tokens a minute from one address, even the right one then", () => {
    let now = 1_000_000;
    const sessions = new EditorSessions(TOKEN, () => now);
    for (let i = 0; i < 10; i++) assert.equal(sessions.signIn("wrong", "10.0.0.1"), "wrong");
    assert.equal(sessions.signIn(TOKEN, "10.0.0.1"), "too many");
    assert.notEqual(typeof sessions.signIn(TOKEN, "10.0.0.2"), "string", "another address is not locked out");
    now += 61_000;
    assert.notEqual(typeof sessions.signIn(TOKEN, "10.0.0.1"), "string");
  });

  it("end after eight hours", () => {
    let now = 1_000_000;
    const sessions = new EditorSessions(TOKEN, () => now);
    const session = sessions.signIn(TOKEN, "a");
    assert.ok(typeof session !== "string");
    const req = { headers: { cookie: `editor_session=${session.id}` } } as never;
    assert.equal(sessions.find(req)?.id, session.id);
    now += SESSION_MS;
    assert.equal(sessions.find(req), null);
  });
});

describe("the editors' dashboard", () => {
  const view: EditorView = { ...VIEW, csrf: "t" };

  it("says what is live, what changed, what runs, what waits and what failed, in English", () => {
    const html = renderPanel("en", view);
    assert.match(html, /Release <bdi>0007<\/bdi>/);
    assert.match(html, /373 pages/);
    assert.match(html, /a save in the CMS/);
    assert.match(html, /1 page added/);
    assert.match(html, /1 page removed/);
    assert.match(html, /2 pages changed/);
    assert.match(html, /href="https:\/\/tickets\.example\.ae\/events\/3\/"/);
    assert.match(html, /Reading the catalogue: 120 of 300 records/);
    assert.match(html, /<progress max="100" value="20"/);
    assert.match(html, /3 saves are waiting to be published/);
    assert.match(html, /class="countdown" data-due="/);
    assert.match(html, /event 12 starting/);
    assert.match(html, /language Russian, page 2 of the list, record 4, field “<bdi>started_at<\/bdi>”/);
    assert.match(html, /Roll back to this release/);
  });

  it("gives times in UAE time to the minute, the zone named, in the page's language", () => {
    // 2026-11-26T20:05Z is five past midnight on Friday the 27th in the UAE
    const en = renderPanel("en", view);
    assert.match(en, /<time datetime="2026-11-26T20:05:00.000Z">Fri, 27 Nov 2026, 00:05 \(UAE time\)<\/time>/);
    assert.doesNotMatch(en, /\d\d:\d\d:\d\d</, "no seconds");
    assert.doesNotMatch(en, /\d{1,2}\/\d{1,2}\/\d{4}|AM|PM/, "no US dates or 12-hour clock");
    assert.match(renderPanel("ru", view), /пт, 27 нояб\.? 2026, 00:05 \(по времени ОАЭ\)/);
    assert.match(renderPanel("ar", view), /00:05 \(بتوقيت الإمارات\)/);
  });

  it("names the events of scheduled rebuilds by their titles in the page's language", () => {
    const titled: EditorView = {
      ...view,
      eventTitles: { 12: { en: "Rachmaninoff Night", ru: "Вечер Рахманинова", ar: "أمسية رحمانينوف" } },
    };
    const en = renderPanel("en", titled);
    assert.match(en, /the start of “<bdi>Rachmaninoff Night<\/bdi>”/);
    assert.doesNotMatch(en, /event 12/);
    assert.match(renderPanel("ru", titled), /начало события «<bdi>Вечер Рахманинова<\/bdi>»/);
    assert.match(renderPanel("ar", titled), /بدء فعالية «<bdi>أمسية رحمانينوف<\/bdi>»/);
    const onlyEnglish: EditorView = { ...view, eventTitles: { 12: { en: "<Rachmaninoff> & co" } } };
    assert.match(renderPanel("ru", onlyEnglish), /«<bdi>&lt;Rachmaninoff&gt; &amp; co<\/bdi>»/);
  });

  it("speaks Russian and Arabic with their plurals", () => {
    const ru = renderPanel("ru", view);
    assert.match(ru, /373 страницы/);
    assert.match(ru, /3 сохранения ждут публикации/);
    assert.match(ru, /изменено 2 страницы/);
    const ar = renderPanel("ar", view);
    assert.match(ar, /تغيّرت صفحتان/);
    assert.match(ar, /أُضيفت صفحة واحدة/);
    assert.match(ar, /قراءة الكتالوج/);
  });

  it("shows the release live at the switch while its copies are compressed, and a failed compression as a warning", () => {
    const compressing: EditorView = {
      ...view,
      running: { ...(view.running as NonNullable<EditorView["running"]>), step: "compress", liveRelease: "0008" },
      history: [
        {
          kind: "publish",
          reason: "hook",
          startedAt: "2026-11-26T11:00:00Z",
          endedAt: "2026-11-26T11:01:00Z",
          result: "succeeded",
          release: "0008",
          seconds: 60,
          error: null,
          warning: "ENOSPC: no space left on device",
        },
      ],
    };
    const steps = (html: string) => [...html.matchAll(/data-step="(\w+)"/g)].map((m) => m[1]).slice(1);
    const texts: Record<string, [RegExp, RegExp]> = {
      en: [/Release <bdi>0008<\/bdi> is live\. Compressing copies/, /Live, but not every compressed copy/],
      ru: [/Выпуск <bdi>0008<\/bdi> уже на сайте\. Сжимаем копии/, /часть сжатых копий записать не удалось/],
      ar: [/الإصدار <bdi>0008<\/bdi> منشور الآن\. نضغط نسخًا/, /تعذّرت كتابة بعض النسخ المضغوطة/],
    };
    for (const lang of ["en", "ru", "ar"] as const) {
      const html = renderPanel(lang, compressing);
      assert.deepEqual(steps(html), ["read", "build", "verify", "switch", "compress"], lang);
      assert.match(html, /<li class="step-done" data-step="switch">/, `${lang}: switched (live) before compressing`);
      assert.match(html, /<li class="step-current" data-step="compress" aria-current="step">/);
      assert.match(html, texts[lang]?.[0] as RegExp, lang);
      assert.match(html, texts[lang]?.[1] as RegExp, lang);
      assert.match(html, /attempt-succeeded attempt-warning/);
    }
    assert.doesNotMatch(renderPanel("en", view), /live-compressing/, "no such line before the switch");
  });

  it("explains the gate's refusal and offers to publish anyway", () => {
    const t = textsFor("en");
    const drop = explainFailure(
      "verification refused release 0009: event pages would drop from 360 to 180 (50 % lost, at most 10 % allowed without --force)",
      t,
    );
    assert.equal(drop.kind, "drop");
    assert.equal(drop.canForce, true);
    assert.match(drop.what, /event pages would drop from 360 to 180 \(50 % fewer\)/);
    const gate = explainFailure("verification refused release 0009: sitemap.xml is missing", t);
    assert.equal(gate.kind, "gate");
    assert.match(gate.what, /sitemap\.xml is missing/);
    const down = explainFailure("the build failed (exit code 1): connect ECONNREFUSED 127.0.0.1:4010", t);
    assert.equal(down.kind, "catalogueDown");
    const other = explainFailure("the build failed (exit code 1): <script>", t);
    assert.doesNotMatch(other.what, /<script>/, "an error's text is escaped");
    assert.deepEqual(
      parseMalformed("Malformed answer from http://x/v1/places?lang=ar&page=3: /results/0/title must be string"),
      {
        url: "http://x/v1/places?lang=ar&page=3",
        kind: "places",
        lang: "ar",
        page: "3",
        record: 1,
        field: "title",
        rule: "must be string",
      },
    );
  });
});

describe("the progress bar", () => {
  it("counts the catalogue records read and moves with the steps", () => {
    const progress = new CatalogueProgress();
    assert.equal(progress.line("info catalogue: events en 100/300"), true);
    progress.line("catalogue: events ru 50/300");
    progress.line("catalogue: places en 10/10");
    assert.deepEqual(progress.totals(), { done: 160, total: 610 });
    assert.equal(progress.finished, false);
    progress.line("catalogue: read from http://127.0.0.1:4010 in 12.5 s");
    assert.equal(progress.finishedSeconds, 12.5);
    const expected = { read: 10, build: 20, verify: 2, compress: 3, switch: 0.5 };
    const reading = overallProgress("read", 0, { done: 50, total: 100 }, expected);
    const building = overallProgress("build", 5, null, expected);
    const buildingLater = overallProgress("build", 15, null, expected);
    const overdue = overallProgress("build", 500, null, expected);
    const switching = overallProgress("switch", 0, null, expected);
    assert.ok(reading > 0 && reading < building && building < buildingLater && buildingLater < switching);
    assert.ok(overdue < overallProgress("verify", 0, null, expected), "a slow step never reaches the next one's share");
    assert.ok(switching < overallProgress("compress", 0, null, expected), "the compression comes after the switch");
    assert.equal(overallProgress(null, 0, null), 0);
  });
});

describe("the banner after “Publish now”", () => {
  const requestedAt = Date.parse("2026-11-26T10:05:00Z");
  const base: Omit<EditorView, "csrf" | "notice"> = { ...VIEW, running: null, history: VIEW.history };
  const attempt = (result: "running" | "succeeded" | "failed", release: string | null = null) => ({
    kind: "publish" as const,
    reason: "editor",
    startedAt: "2026-11-26T10:05:02Z",
    endedAt: result === "running" ? null : "2026-11-26T10:06:00Z",
    result,
    release,
    seconds: result === "running" ? null : 58,
    error: result === "failed" ? "the build failed (exit code 1)" : null,
  });
  const running = (step: NonNullable<EditorView["running"]>["step"], liveRelease: string | null = null) => ({
    kind: "publish" as const,
    reason: "editor",
    startedAt: "2026-11-26T10:05:02Z",
    step,
    liveRelease,
    read: null,
    progress: 0.5,
  });

  it("follows the publish from the request to live or failed", () => {
    const states = [
      { ...base, pending: { ...(VIEW.pending as NonNullable<EditorView["pending"]>), afterRunning: false } },
      { ...base, running: running("read"), history: [attempt("running"), ...base.history] },
      { ...base, running: running("build"), history: [attempt("running"), ...base.history] },
      { ...base, running: running("verify"), history: [attempt("running"), ...base.history] },
      { ...base, running: running("compress", "0008"), history: [attempt("running"), ...base.history] },
      { ...base, history: [attempt("succeeded", "0008"), ...base.history] },
    ].map((view) => publishBanner(view, requestedAt));
    assert.deepEqual(
      states.map((b) => b.state),
      ["requested", "building", "building", "verifying", "live", "live"],
    );
    assert.equal(states.at(-1)?.release, "0008");
    assert.equal(
      publishBanner({ ...base, history: [attempt("failed"), ...base.history] }, requestedAt).state,
      "failed",
    );
  });

  it("is not answered by a publish that started before the request", () => {
    const earlier = { ...attempt("succeeded", "0007"), startedAt: "2026-11-26T10:00:00Z" };
    assert.equal(publishBanner({ ...base, history: [earlier] }, requestedAt).state, "requested");
  });

  it("is shown on the panel in the page's language", () => {
    const view: EditorView = {
      ...base,
      csrf: "t",
      requestedAt,
      running: running("verify"),
      history: [attempt("running"), ...base.history],
    };
    assert.match(
      renderPanel("en", view),
      /class="banner banner-verifying" role="status" data-state="verifying">Your publish is running: the new site is being checked/,
    );
    assert.match(renderPanel("ru", view), /новый сайт проверяется/);
    assert.match(renderPanel("ar", view), /يجري فحص الموقع الجديد/);
    const live: EditorView = { ...view, running: null, history: [attempt("succeeded", "0008")] };
    assert.match(renderPanel("en", live), /Your publish is live: release <bdi>0008<\/bdi> is on the site/);
    assert.doesNotMatch(renderPanel("en", { ...view, requestedAt: null }), /class="banner/);
  });
});
