/**
 * `npm run publisher`: the service editors and the CMS call to publish, on
 * 127.0.0.1:${PUBLISHER_PORT:-4020}. It refuses to start without PUBLISH_TOKEN.
 *
 *   POST /hooks/publish    Authorization: Bearer <token>, or X-Signature-256: sha256=<HMAC of the body>
 *                          ?force=1 lets a publish through that drops more pages than allowed
 *                          an optional JSON body naming the changed records (ours, or a CMS's
 *                          webhook: ops/lib/hook-changes.ts): the build reads only those
 *                          -> 202 at once; bursts are coalesced into one build
 *   POST /hooks/rollback   same authentication; ?release=0005 for a given release -> 202
 *   GET  /hooks/status     state (idle, waiting, building, verifying, compressing, rolling back),
 *                          live release, the last attempt (with the seconds of each step: build,
 *                          stage, verify, switch, then compress; liveAt, the time of the switch;
 *                          warning, a compression that failed after it), what is pending, the
 *                          next scheduled rebuild
 *
 * A publish is live at its switch; its compression follows in the same job (the queue's next
 * job waits for it, and links its complete copies).
 *
 * Each job runs `ops/publish.ts` in a child process (its whole output goes to
 * PUBLISH_ROOT/logs/, one line per step to this log). Scheduled rebuilds: every day shortly
 * after midnight UAE time, and a minute after the next event starts or ends.
 *
 * Settings: PUBLISH_TOKEN, PUBLISHER_PORT (4020), PUBLISHER_HOST (127.0.0.1), PUBLISH_QUIET_MS
 * (30000), PUBLISH_MAX_WAIT_MS (300000), PUBLISH_NOTIFY_URL, PUBLISH_SCHEDULE (1; 0 = off),
 * CATALOGUE_API_URL (read for the schedule), DEPLOY_TARGET (an s3:// address: each release that
 * goes live is deployed there, ops/lib/s3-publisher.ts), and what `npm run publish` reads.
 */
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { type Started, startProcess } from "../lib/processes";
import type { ChangedRecord } from "../src/core/catalogue-changes";
import { helpAsked } from "../src/core/command-help";
import { readBuildConfig } from "../src/core/site-config";
import { isAuthorized } from "./lib/auth";
import { CatalogueProgress, overallProgress } from "./lib/editor-page/progress";
import type { EditorStep, EditorView, EventTitles } from "./lib/editor-page/render";
import { EditorPage } from "./lib/editor-page/routes";
import { EDITOR_LANGUAGES } from "./lib/editor-page/texts";
import { changesFromHookBody, unionChanges } from "./lib/hook-changes";
import { CoalescingQueue, type Job } from "./lib/queue";
import { listReleases, liveRelease, readManifest } from "./lib/releases";
import { deployToBucket } from "./lib/s3-publisher";
import { type EventTimes, type ListingChange, nextDailyRun, nextScheduledRun } from "./lib/schedule";
import { publishSettings } from "./publish";

const USAGE = `usage: PUBLISH_TOKEN=<secret of 16+ characters> npm run publisher
  the publishing service: POST /hooks/publish, POST /hooks/rollback, GET /hooks/status, the editors' page /editor/
settings: PUBLISHER_PORT (4020), PUBLISHER_HOST (127.0.0.1), PUBLISH_QUIET_MS (30000), PUBLISH_MAX_WAIT_MS (300000),
  PUBLISH_NOTIFY_URL, PUBLISH_SCHEDULE (1; 0 = off), CATALOGUE_API_URL, SITE_URL (the editors' page links to it),
  and what npm run publish reads`;

const ROOT = path.resolve(__dirname, "..");
const MAX_BODY = 64 * 1024;

/** "compressing": the new release is live, its compressed copies are being written */
type State = "idle" | "waiting" | "building" | "verifying" | "compressing" | "rolling back";

interface Attempt {
  kind: Job["kind"];
  reason: string;
  startedAt: string;
  endedAt: string | null;
  result: "running" | "succeeded" | "failed";
  release: string | null;
  pages: number | null;
  seconds: number | null;
  error: string | null;
  log: string;
  /** seconds each step took, from the step lines of its output (see STEPS) */
  steps: Partial<Record<StepName, number>>;
  /** seconds the build spent reading the catalogue (from its "catalogue: read from" line) */
  readSeconds?: number;
  /** the records the build was told to read (null: the whole catalogue) */
  changes?: ChangedRecord[] | null;
  /** when the new release went live (the switch), before its compression; null until then */
  liveAt?: string | null;
  /** what went wrong after the switch (the compression): the release stayed live */
  warning?: string | null;
}

/** The attempts kept for the editors' page (PUBLISH_ROOT/history.json), newest last. */
const HISTORY_KEPT = 30;

type StepName = "build" | "stage" | "verify" | "compress" | "switch";

/**
 * The step lines of `npm run publish` (and of a rollback) and the step each one begins, in
 * their order: "live" ends the switch, the compression after it ends with "compressed" or
 * "compression failed".
 */
const STEPS: Array<[RegExp, StepName | null]> = [
  [/^building/, "build"],
  [/^staging/, "stage"],
  [/^verifying/, "verify"],
  [/^(switching|rolling back)/, "switch"],
  [/^live /, null],
  [/^compressing/, "compress"],
  [/^(compressed |compression failed)/, null],
];

/** Times the steps of one job as their lines arrive. */
class StepClock {
  private running: { step: StepName; at: number } | null = null;
  constructor(private readonly into: Partial<Record<StepName, number>>) {}

  line(text: string, now = Date.now()): void {
    const found = STEPS.find(([pattern]) => pattern.test(text));
    if (!found) return;
    this.end(now);
    if (found[1]) this.running = { step: found[1], at: now };
  }

  /** Closes the step in progress (the job ended, or failed in the middle of it). */
  end(now = Date.now()): void {
    if (!this.running) return;
    this.into[this.running.step] = Math.round((now - this.running.at) / 10) / 100;
    this.running = null;
  }
}

function log(message: string): void {
  process.stdout.write(`${new Date().toISOString()} publisher: ${message}\n`);
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name}=${raw} is not a number of milliseconds`);
  return value;
}

export class Publisher {
  readonly settings = publishSettings();
  private readonly token: string;
  private readonly notifyUrl: string | undefined;
  private phase: State = "idle";
  private attempt: Attempt | null = null;
  private attempts = 0;
  private nextRun: ListingChange | null = null;
  private scheduleTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private child: Started | null = null;
  readonly queue: CoalescingQueue;
  /** what the running job is doing, for the editors' page */
  private progress: {
    step: EditorStep | null;
    stepAt: number;
    catalogue: CatalogueProgress;
    /** the release live since this job's switch (its compression runs) */
    release: string | null;
  } | null = null;
  private history: Attempt[] = [];
  private events: EventTimes[] = [];
  /** the titles of the events the schedule names (the page shows them, not their numbers) */
  private titles: EventTitles = {};
  /**
   * The records changed since the last publish that read them (null: the whole catalogue).
   * A publish takes them all and gives them back if it fails, so a change a failed or
   * replaced publish never read is read by the next one. It starts as null: the first
   * publish after a start reads everything, since what came before is unknown.
   */
  private owed: ChangedRecord[] | null = null;

  constructor(token: string) {
    this.token = token;
    this.notifyUrl = process.env.PUBLISH_NOTIFY_URL || undefined;
    this.queue = new CoalescingQueue({
      quietMs: positive("PUBLISH_QUIET_MS", 30_000),
      maxWaitMs: positive("PUBLISH_MAX_WAIT_MS", 300_000),
      run: (job) => this.run(job),
    });
    this.history = this.readHistory();
  }

  private historyFile(): string {
    return path.join(this.settings.root, "history.json");
  }

  private readHistory(): Attempt[] {
    try {
      const list = JSON.parse(readFileSync(this.historyFile(), "utf8")) as Attempt[];
      return Array.isArray(list) ? list.slice(-HISTORY_KEPT) : [];
    } catch {
      return [];
    }
  }

  private saveHistory(): void {
    try {
      mkdirSync(this.settings.root, { recursive: true });
      const temporary = `${this.historyFile()}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(this.history.slice(-HISTORY_KEPT), null, 1)}\n`);
      renameSync(temporary, this.historyFile());
    } catch (error) {
      log(`could not save the history: ${(error as Error).message}`);
    }
  }

  /** Everything the editors' page shows. */
  editorView(): Omit<EditorView, "csrf" | "notice"> {
    const root = this.settings.root;
    const live = liveRelease(root);
    const manifest = live ? readManifest(root, live) : null;
    const queued = this.queue.status();
    const running = this.attempt?.result === "running" ? this.attempt : null;
    const lastGood = [...this.history].reverse().find((a) => a.kind === "publish" && a.result === "succeeded");
    const expected: Partial<Record<EditorStep, number>> = lastGood
      ? {
          read: lastGood.readSeconds,
          build: (lastGood.steps.build ?? 0) - (lastGood.readSeconds ?? 0),
          verify: (lastGood.steps.stage ?? 0) + (lastGood.steps.verify ?? 0),
          compress: lastGood.steps.compress,
          switch: lastGood.steps.switch,
        }
      : {};
    const progress = this.progress;
    const read = progress?.catalogue.totals() ?? null;
    const now = new Date();
    const upcoming: Array<{ at: string; reason: string }> = [];
    if (process.env.PUBLISH_SCHEDULE !== "0") {
      upcoming.push({
        at: nextDailyRun(now).toISOString(),
        reason: "schedule: daily rebuild after midnight in the UAE",
      });
      const changes: Array<{ at: number; reason: string }> = [];
      for (const e of this.events)
        for (const [iso, what] of [
          [e.started_at, "starts"],
          [e.finished_at, "ends"],
        ] as const) {
          const at = iso ? Date.parse(iso) : Number.NaN;
          if (Number.isFinite(at) && at > now.getTime())
            changes.push({ at: at + 60_000, reason: `schedule: event ${e.id} ${what}` });
        }
      changes.sort((a, b) => a.at - b.at);
      for (const change of changes.slice(0, 3))
        upcoming.push({ at: new Date(change.at).toISOString(), reason: change.reason });
      upcoming.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    }
    return {
      // changed pages are linked on the site itself, with the address the build used
      siteUrl: readBuildConfig(process.env).siteUrl,
      eventTitles: this.titles,
      live:
        live && manifest
          ? {
              name: live,
              createdAt: manifest.createdAt,
              reason: manifest.reason,
              totalPages: manifest.totalPages,
              changes: manifest.changes ?? null,
            }
          : null,
      running: running
        ? {
            kind: running.kind,
            reason: running.reason,
            startedAt: running.startedAt,
            step: progress?.step ?? null,
            liveRelease: progress?.release ?? null,
            read,
            progress:
              running.kind === "rollback"
                ? 0.5
                : overallProgress(
                    progress?.step ?? null,
                    (Date.now() - (progress?.stepAt ?? Date.now())) / 1000,
                    read,
                    expected,
                  ),
          }
        : null,
      pending: queued.pending
        ? {
            kind: queued.pending.kind,
            requests: queued.pending.requests,
            dueAt: queued.pending.dueAt,
            afterRunning: running !== null,
          }
        : null,
      schedule: { enabled: process.env.PUBLISH_SCHEDULE !== "0", upcoming: upcoming.slice(0, 4) },
      history: [...this.history]
        .reverse()
        .slice(0, 15)
        .map((a) => ({
          kind: a.kind,
          reason: a.reason,
          startedAt: a.startedAt,
          endedAt: a.endedAt,
          result: a.result,
          release: a.release,
          seconds: a.seconds,
          error: a.error,
          warning: a.warning ?? null,
        })),
      releases: listReleases(root).map((r) => ({
        name: r.name,
        createdAt: r.manifest?.createdAt ?? null,
        totalPages: r.manifest?.totalPages ?? null,
        live: r.live,
      })),
    };
  }

  releaseInfo(name: string): { name: string; createdAt: string | null } | null {
    if (!/^\d{4,}$/.test(name) || !existsSync(path.join(this.settings.root, name, "release.json"))) return null;
    return { name, createdAt: readManifest(this.settings.root, name)?.createdAt ?? null };
  }

  /**
   * Asks for a publish. `changes` are the records a hook's body named; null (no body, the
   * schedule, the editors' page) reads the whole catalogue.
   */
  requestPublish(job: Omit<Job, "kind">, changes: ChangedRecord[] | null = null): "new" | "coalesced" {
    this.owed = unionChanges(this.owed, changes);
    return this.queue.request({ ...job, kind: "publish" });
  }

  state(): State {
    if (this.phase !== "idle") return this.phase;
    return this.queue.status().pending ? "waiting" : "idle";
  }

  status(): Record<string, unknown> {
    const live = liveRelease(this.settings.root);
    const manifest = live ? readManifest(this.settings.root, live) : null;
    const queued = this.queue.status();
    return {
      state: this.state(),
      live: live
        ? { release: live, createdAt: manifest?.createdAt ?? null, pages: manifest?.totalPages ?? null }
        : null,
      lastAttempt: this.attempt,
      pending: queued.pending,
      nextScheduled: this.nextRun ? { at: this.nextRun.at.toISOString(), reason: this.nextRun.reason } : null,
    };
  }

  private async notify(event: string, details: Record<string, unknown>): Promise<void> {
    if (!this.notifyUrl) return;
    try {
      const res = await fetch(this.notifyUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ event, at: new Date().toISOString(), ...details }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) log(`notification "${event}" answered HTTP ${res.status}`);
    } catch (error) {
      log(`notification "${event}" could not be sent: ${(error as Error).message}`);
    }
  }

  private async run(job: Job): Promise<void> {
    this.attempts++;
    const logDir = path.join(this.settings.root, "logs");
    mkdirSync(logDir, { recursive: true });
    const logFile = path.join(logDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${job.kind}.log`);
    const started = Date.now();
    const attempt: Attempt = {
      kind: job.kind,
      reason: job.reason,
      startedAt: new Date(started).toISOString(),
      endedAt: null,
      result: "running",
      release: null,
      pages: null,
      seconds: null,
      error: null,
      log: logFile,
      steps: {},
      liveAt: null,
      warning: null,
    };
    const clock = new StepClock(attempt.steps);
    this.attempt = attempt;
    this.history.push(attempt);
    const progress = {
      step: null as EditorStep | null,
      stepAt: Date.now(),
      catalogue: new CatalogueProgress(),
      release: null as string | null,
    };
    this.progress = progress;
    const enter = (step: EditorStep) => {
      if (progress.step !== step) {
        progress.step = step;
        progress.stepAt = Date.now();
      }
    };
    this.phase = job.kind === "rollback" ? "rolling back" : "building";
    log(`${job.kind} started (${job.reason}), full output in ${logFile}`);
    if (job.kind === "publish") void this.notify("started", { reason: job.reason });

    // the records this publish reads; given back below if it fails
    const changes = job.kind === "publish" ? (this.owed?.length ? this.owed : null) : null;
    if (job.kind === "publish") {
      this.owed = [];
      attempt.changes = changes;
      log(
        changes
          ? `reading only the changed records: ${changes.map((c) => (c.id === undefined ? `all ${c.kind}` : `${c.kind} ${c.id}`)).join(", ")}`
          : "reading the whole catalogue",
      );
    }
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.CATALOGUE_CHANGES;
    if (changes) env.CATALOGUE_CHANGES = JSON.stringify(changes);
    const args =
      job.kind === "rollback"
        ? ["--rollback", ...(job.target ? [job.target] : [])]
        : ["--reason", job.reason, ...(job.force ? ["--force"] : [])];
    const out = createWriteStream(logFile);
    let failure: string | null = null;
    // biome-ignore lint/suspicious/noAssignInExpressions: the running child is kept for stop() as it starts
    const child = (this.child = startProcess(
      `publish ${this.attempts}`,
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "ops", "publish.ts"), ...args],
      {
        cwd: ROOT,
        env,
        output: "pipe",
      },
    ));
    let pendingText = "";
    const onData = (chunk: Buffer) => {
      out.write(chunk);
      pendingText += chunk.toString();
      const lines = pendingText.split("\n");
      pendingText = lines.pop() ?? "";
      for (const line of lines) {
        if (progress.catalogue.line(line)) {
          if (progress.catalogue.finished) {
            attempt.readSeconds = progress.catalogue.finishedSeconds ?? undefined;
            enter("build");
          }
          continue;
        }
        const stepLine = /^publish: (.*)$/.exec(line);
        if (!stepLine) continue;
        const text = stepLine[1] as string;
        log(text);
        clock.line(text);
        if (/^building/.test(text)) enter("read");
        else if (/^(staging|verifying)/.test(text)) enter("verify");
        else if (/^(switching|rolling back)/.test(text)) enter("switch");
        else if (/^compressing/.test(text)) enter("compress");
        if (/^(staging|verifying|switching)/.test(text) && job.kind === "publish") this.phase = "verifying";
        const liveLine = /^live (\d{4,})/.exec(text);
        if (liveLine && job.kind === "publish") {
          attempt.liveAt = new Date().toISOString();
          attempt.release = liveLine[1] as string;
          progress.release = attempt.release;
          this.phase = "compressing";
        }
        if (text.startsWith("compression failed: ")) attempt.warning = text.slice("compression failed: ".length);
        if (text.startsWith("failed: ")) failure = text.slice("failed: ".length);
      }
    };
    child.child.stdout?.on("data", onData);
    child.child.stderr?.on("data", (chunk: Buffer) => out.write(chunk));
    const code = await new Promise<number | null>((resolve) => child.child.once("exit", (c) => resolve(c)));
    await new Promise<void>((resolve) => out.end(resolve));
    this.child = null;
    clock.end();

    const live = liveRelease(this.settings.root);
    attempt.endedAt = new Date().toISOString();
    attempt.seconds = Math.round((Date.now() - started) / 100) / 10;
    this.phase = "idle";
    // stopped or failed after the switch (in the compression): the new release is live all the same
    const liveAnyway = code !== 0 && attempt.liveAt !== null && live === attempt.release;
    if (liveAnyway)
      attempt.warning ??= `the compression after the switch stopped (${failure ?? `exit ${code ?? "by a signal"}`}); the next publish writes the missing copies`;
    if (code === 0 || liveAnyway) {
      attempt.result = "succeeded";
      attempt.release = live;
      attempt.pages = live ? (readManifest(this.settings.root, live)?.totalPages ?? null) : null;
      log(
        `${job.kind} succeeded in ${attempt.seconds} s: live release ${live ?? "none"}${attempt.warning ? ` (warning: ${attempt.warning})` : ""}`,
      );
      const deployWarning = live ? await deployToBucket(live, logFile, log) : null;
      if (deployWarning) attempt.warning = attempt.warning ? `${attempt.warning}; ${deployWarning}` : deployWarning;
      const event = job.kind === "rollback" ? "rolled back" : "succeeded";
      void this.notify(event, {
        release: live,
        pages: attempt.pages,
        seconds: attempt.seconds,
        reason: job.reason,
        liveAt: attempt.liveAt,
        ...(attempt.warning ? { warning: attempt.warning } : {}),
      });
    } else {
      attempt.result = "failed";
      if (job.kind === "publish") this.owed = unionChanges(changes, this.owed);
      attempt.error = failure ?? `publish exited with ${code ?? "a signal"} (see ${logFile})`;
      log(`${job.kind} failed after ${attempt.seconds} s: ${attempt.error}; live release stays ${live ?? "none"}`);
      void this.notify("failed", { kind: job.kind, error: attempt.error, live, reason: job.reason });
    }
    this.progress = null;
    this.history = this.history.slice(-HISTORY_KEPT);
    this.saveHistory();
    if (job.kind === "publish") void this.schedule();
  }

  /** Reads the events' start and end times from the catalogue and sets the next rebuild. */
  async schedule(): Promise<void> {
    if (this.closed || process.env.PUBLISH_SCHEDULE === "0") return;
    const events = await this.readEventTimes().catch((error: unknown) => {
      log(
        `could not read the catalogue for the schedule (${(error as Error).message}); only the daily rebuild is planned`,
      );
      return [] as EventTimes[];
    });
    if (this.closed) return;
    this.events = events;
    await this.readTitles();
    const next = nextScheduledRun(new Date(), events);
    this.nextRun = next;
    if (this.scheduleTimer) clearTimeout(this.scheduleTimer);
    // timers cap at about 24.8 days; the daily run is always sooner
    const delay = Math.max(1000, next.at.getTime() - Date.now());
    this.scheduleTimer = setTimeout(() => {
      this.scheduleTimer = null;
      this.nextRun = null;
      log(`scheduled rebuild: ${next.reason}`);
      this.requestPublish({ reason: `schedule: ${next.reason}` });
      // if the queue coalesces it into a running build, plan again from now on anyway
      void this.schedule();
    }, delay);
    log(`next scheduled rebuild at ${next.at.toISOString()} (${next.reason})`);
  }

  /**
   * The titles, in each language, of the events the page names: the next starts and ends the
   * schedule lists and those of the history. A catalogue that does not answer leaves the
   * numbers ("event 34 starting").
   */
  private async readTitles(): Promise<void> {
    const now = Date.now();
    const upcoming = this.events
      .flatMap((e) =>
        [e.started_at, e.finished_at].map((iso) => ({ id: e.id, at: iso ? Date.parse(iso) : Number.NaN })),
      )
      .filter((c) => Number.isFinite(c.at) && c.at > now)
      .sort((a, b) => a.at - b.at)
      .slice(0, 4)
      .map((c) => c.id);
    const named = this.history.flatMap((a) => {
      const id = /event (\d+) (starts|ends)/.exec(a.reason)?.[1];
      return id ? [Number(id)] : [];
    });
    const ids = [...new Set([...upcoming, ...named])].slice(0, 100);
    const titles: EventTitles = {};
    if (ids.length > 0) {
      const base = readBuildConfig(process.env).catalogueApiUrl;
      for (const lang of EDITOR_LANGUAGES) {
        try {
          const url = `${base}/v1/events?lang=${lang}&date_type=all&page_size=100&id_in=${ids.join(",")}`;
          const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
          if (!res.ok) throw new Error(`HTTP ${res.status} from ${url}`);
          for (const e of ((await res.json()) as { results: Array<{ id: number; title: string }> }).results)
            titles[e.id] = { ...titles[e.id], [lang]: e.title };
        } catch (error) {
          log(`could not read the events' titles in ${lang}: ${(error as Error).message}`);
        }
      }
    }
    this.titles = titles;
  }

  private async readEventTimes(): Promise<EventTimes[]> {
    const base = readBuildConfig(process.env).catalogueApiUrl;
    const events: EventTimes[] = [];
    let url: string | null = `${base}/v1/events?lang=en&date_type=active&page_size=100`;
    for (let pages = 0; url && pages < 1000; pages++) {
      const res: Response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status} from ${url}`);
      const page = (await res.json()) as { results: EventTimes[]; next: string | null };
      for (const e of page.results) events.push({ id: e.id, started_at: e.started_at, finished_at: e.finished_at });
      url = page.next;
    }
    return events;
  }

  /** Stops the schedule and drops what waits; a running publish is stopped (current is untouched then). */
  async close(): Promise<void> {
    this.closed = true;
    await this.child?.stop();
    if (this.scheduleTimer) clearTimeout(this.scheduleTimer);
    this.queue.close();
  }

  authorized(req: IncomingMessage, body: Buffer): boolean {
    const signature = req.headers["x-signature-256"];
    return isAuthorized(
      this.token,
      { authorization: req.headers.authorization, signature: Array.isArray(signature) ? signature[0] : signature },
      body,
    );
  }
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(`${JSON.stringify(body)}\n`);
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export function createPublisherServer(publisher: Publisher, editor: EditorPage): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://publisher");
    void editor
      .handle(req, res, url, () => readBody(req))
      .then((handled) => (handled ? undefined : handle(publisher, req, res)))
      .catch((error: unknown) => {
        log(`request failed: ${(error as Error).message}`);
        if (!res.headersSent)
          json(res, 500, { detail: "the publisher could not handle this request", code: "internal" });
        else res.destroy();
      });
  });
}

async function handle(publisher: Publisher, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://publisher");
  const routes: Record<string, string> = {
    "/hooks/publish": "POST",
    "/hooks/rollback": "POST",
    "/hooks/status": "GET",
  };
  const method = routes[url.pathname];
  if (!method)
    return json(res, 404, {
      detail: `no such address: ${url.pathname}; the hooks are ${Object.keys(routes).join(", ")}, the editors' page /editor/`,
      code: "not_found",
    });
  if (req.method !== method && !(method === "GET" && req.method === "HEAD")) {
    return json(res, 405, { detail: `${url.pathname} takes ${method}`, code: "method_not_allowed" }, { allow: method });
  }
  if (method === "GET") return json(res, 200, publisher.status());

  const body = await readBody(req);
  if (body === null)
    return json(res, 413, { detail: `the body is larger than ${MAX_BODY / 1024} KiB`, code: "body_too_large" });
  if (!publisher.authorized(req, body)) {
    log(`refused ${url.pathname}: missing or wrong token`);
    return json(
      res,
      401,
      {
        detail:
          "a valid token is required: Authorization: Bearer <token> or X-Signature-256: sha256=<HMAC-SHA256 of the body>",
        code: "unauthorized",
      },
      { "www-authenticate": "Bearer" },
    );
  }
  if (url.pathname === "/hooks/publish") {
    const force = url.searchParams.get("force") === "1" || url.searchParams.get("force") === "true";
    const changes = changesFromHookBody(body);
    const joined = publisher.requestPublish({ reason: "hook", force }, changes);
    log(
      `publish requested (${joined === "new" ? "queued" : "joined the waiting build"}; ${changes ? `${changes.length} changed record(s) named` : "the whole catalogue"})`,
    );
    return json(res, 202, { accepted: true, joined, changes, status: publisher.status() });
  }
  const release = url.searchParams.get("release") ?? undefined;
  if (release !== undefined && !/^\d{4,}$/.test(release))
    return json(res, 400, { detail: "release must be a release number such as 0005", code: "bad_release" });
  publisher.queue.request({ kind: "rollback", reason: "rollback", target: release });
  log(`rollback requested${release ? ` to ${release}` : ""}`);
  return json(res, 202, { accepted: true, status: publisher.status() });
}

function main(): void {
  if (helpAsked(process.argv.slice(2))) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const token = process.env.PUBLISH_TOKEN ?? "";
  if (token.length < 16) {
    process.stderr.write(
      "publisher: refusing to start: set PUBLISH_TOKEN to a secret of at least 16 characters (the hooks' Bearer token and HMAC key)\n",
    );
    process.exit(1);
  }
  const port = Number(process.env.PUBLISHER_PORT ?? 4020);
  const host = process.env.PUBLISHER_HOST ?? "127.0.0.1";
  const publisher = new Publisher(token);
  const editor = new EditorPage(token, {
    view: () => publisher.editorView(),
    publishNow: (force) => {
      publisher.requestPublish({ reason: "editor", force, now: true });
      log(`publish requested on the editors' page${force ? " (forced)" : ""}`);
    },
    rollback: (release) => {
      publisher.queue.request({ kind: "rollback", reason: "rollback", target: release });
      log(`rollback to ${release} requested on the editors' page`);
    },
    release: (name) => publisher.releaseInfo(name),
  });
  const server = createPublisherServer(publisher, editor);
  server.listen(port, host, () => {
    log(
      `listening on http://${host}:${port}/hooks/ and the editors' page http://${host}:${port}/editor/ (releases in ${publisher.settings.root})`,
    );
    void publisher.schedule();
  });
  const stop = () => {
    log("stopping");
    server.close();
    void publisher.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 8000).unref();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (require.main === module) main();
