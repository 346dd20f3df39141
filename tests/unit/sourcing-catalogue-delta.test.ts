import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import type { ChangedRecord } from "../../src/core/catalogue-changes";
import { type ReadCatalogueOptions, readCatalogue, writeSnapshotFile } from "../../src/sourcing/catalogue-delta";
import { createBuildCatalogueClient } from "../../src/sourcing/source-catalogue";
import { answerRestOfCatalogue, sendJson, stubsForThisFile, wireEvent, wirePage } from "./support/catalogue-stub";

const startStub = stubsForThisFile();
const LANGS = ["en", "ru", "ar"] as const;

/** A catalogue whose events can be changed between reads, per language; it honours id_in. */
async function catalogue() {
  const events = new Map<string, Record<string, unknown>>();
  for (const lang of LANGS)
    for (const id of [1, 2, 3, 4])
      events.set(
        `${lang}:${id}`,
        wireEvent(id, { title: `${lang} ${id}`, started_at: `2026-12-1${id}T20:00:00+04:00`, finished_at: null }),
      );
  // one event of several evenings, still to come: its sessions are asked for
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().replace(/\.\d+Z$/, "+00:00");
  for (const lang of LANGS)
    events.set(`${lang}:5`, wireEvent(5, { title: `${lang} 5`, started_at: day(40), finished_at: day(42) }));
  const state = { malformedById: false };
  const stub = await startStub((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const lang = url.searchParams.get("lang") ?? "en";
    const list = (results: unknown[]) => sendJson(res, 200, wirePage(results));
    switch (url.pathname) {
      case "/v1/events": {
        const ids = url.searchParams.get("id_in")?.split(",").map(Number);
        const all = [...events.entries()]
          .filter(([key]) => key.startsWith(`${lang}:`))
          .map(([, e]) => e)
          .filter((e) => !ids || ids.includes(e.id as number))
          .sort((a, b) => Date.parse(a.started_at as string) - Date.parse(b.started_at as string));
        if (ids && state.malformedById) return list(all.map((e) => ({ ...e, status: "maybe" })));
        return list(all);
      }
      case "/v2/dates_prices":
        return sendJson(res, 200, [
          { started_at: day(40), finished_at: null, tickets: [] },
          { started_at: day(41), finished_at: null, tickets: [] },
        ]);
      default:
        return answerRestOfCatalogue(res, url);
    }
  });
  return { stub, events, state };
}

async function setUp() {
  const { stub, events, state } = await catalogue();
  const client = createBuildCatalogueClient({ catalogueApiUrl: stub.baseUrl, catalogueRateLimit: 1000 });
  const snapshotFile = path.join(mkdtempSync(path.join(tmpdir(), "delta-")), ".catalogue-snapshot.json");
  const options = (
    changes: ChangedRecord[] | null,
    more: Partial<ReadCatalogueOptions> = {},
  ): ReadCatalogueOptions => ({
    catalogueApiUrl: stub.baseUrl,
    landingId: 1,
    changes,
    snapshotFile,
    ...more,
  });
  // the last build: everything read and kept
  const first = await readCatalogue(client, options(null));
  assert.equal(first.delta, false);
  await writeSnapshotFile(snapshotFile, first.snapshot, { catalogueApiUrl: stub.baseUrl, landingId: 1 });
  stub.requests.length = 0;
  return { stub, events, state, client, options, snapshotFile };
}

const titles = (snapshot: Awaited<ReturnType<typeof readCatalogue>>["snapshot"], lang: (typeof LANGS)[number]) =>
  snapshot.byLanguage[lang].events.map((e) => `${e.id}:${e.title}`);

describe("reading only the changed records into the last snapshot", () => {
  it("reads a changed event by id in every language and nothing else of the lists", async () => {
    const { stub, events, client, options } = await setUp();
    for (const lang of LANGS) events.set(`${lang}:2`, { ...events.get(`${lang}:2`), title: `${lang} two, renamed` });
    const lines: string[] = [];
    const { snapshot, delta } = await readCatalogue(client, options([{ kind: "event", id: 2 }]), (l) => lines.push(l));
    assert.equal(delta, true);
    for (const lang of LANGS)
      assert.deepEqual(titles(snapshot, lang), [
        `1:${lang} 1`,
        `2:${lang} two, renamed`,
        `3:${lang} 3`,
        `4:${lang} 4`,
        `5:${lang} 5`,
      ]);
    const lists = stub.requests.filter((r) => /^\/v1\/(events|places|persons|news)\?/.test(r.url));
    assert.equal(lists.length, 3, lists.map((r) => r.url).join("\n"));
    assert.ok(lists.every((r) => /[?&]id_in=2(&|$)/.test(r.url) && /date_type=all/.test(r.url)));
    assert.equal(snapshot.byLanguage.en.places.length, 1, "the other kinds come from the snapshot");
    assert.ok(
      lines.some((l) => /^catalogue: read from \S+ in [\d.]+ s \(only the changes: 1 events read again\)$/.test(l)),
      lines.join("\n"),
    );
  });

  it("removes an event no language answers any more, and re-sorts one whose date moved", async () => {
    const { events, client, options } = await setUp();
    for (const lang of LANGS) {
      events.delete(`${lang}:3`);
      events.set(`${lang}:1`, { ...events.get(`${lang}:1`), started_at: "2026-12-20T20:00:00+04:00" });
    }
    const { snapshot, delta } = await readCatalogue(
      client,
      options([
        { kind: "event", id: 3 },
        { kind: "event", id: 1 },
      ]),
    );
    assert.equal(delta, true);
    for (const lang of LANGS)
      assert.deepEqual(titles(snapshot, lang), [`2:${lang} 2`, `4:${lang} 4`, `1:${lang} 1`, `5:${lang} 5`]);
  });

  it("reads a place, person or news change as that whole kind", async () => {
    const { stub, client, options } = await setUp();
    const { delta } = await readCatalogue(client, options([{ kind: "person" }]));
    assert.equal(delta, true);
    const lists = stub.requests.filter((r) => /^\/v1\/(events|places|persons|news)\?/.test(r.url)).map((r) => r.url);
    assert.equal(lists.filter((u) => u.startsWith("/v1/persons?")).length, 3);
    assert.equal(lists.filter((u) => !u.startsWith("/v1/persons?")).length, 0, lists.join("\n"));
  });

  it("reads everything when the changes cannot be merged", async () => {
    const cases: Array<[string, (s: Awaited<ReturnType<typeof setUp>>) => ReadCatalogueOptions]> = [
      ["no snapshot", (s) => s.options([{ kind: "event", id: 2 }], { snapshotFile: `${s.snapshotFile}.missing` })],
      [
        "a snapshot of another catalogue",
        (s) => s.options([{ kind: "event", id: 2 }], { catalogueApiUrl: `${s.stub.baseUrl}/` }),
      ],
      [
        "a broken snapshot",
        (s) => {
          writeFileSync(s.snapshotFile, "{not json");
          return s.options([{ kind: "event", id: 2 }]);
        },
      ],
      [
        "an event answered in one language only",
        (s) => {
          s.events.delete("ru:2");
          return s.options([{ kind: "event", id: 2 }]);
        },
      ],
      [
        "an answer the contract does not allow",
        (s) => {
          s.state.malformedById = true;
          return s.options([{ kind: "event", id: 2 }]);
        },
      ],
    ];
    for (const [label, prepare] of cases) {
      const setup = await setUp();
      const options = prepare(setup);
      const lines: string[] = [];
      const { snapshot, delta } = await readCatalogue(setup.client, options, (l) => lines.push(l));
      assert.equal(delta, false, label);
      assert.ok(
        lines.some((l) => /could not be merged.*reading everything/.test(l)),
        `${label}: ${lines.join("\n")}`,
      );
      assert.ok(
        setup.stub.requests.some((r) => /^\/v1\/events\?(?!.*id_in)/.test(r.url)),
        `${label}: the whole list read`,
      );
      assert.equal(snapshot.byLanguage.en.events.length, 5, label);
    }
  });

  it("reads everything without changes, but not the sessions of events unchanged since the snapshot", async () => {
    const { stub, events, client, options } = await setUp();
    const sessionRequests = () => stub.requests.filter((r) => r.url.startsWith("/v2/dates_prices?")).length;
    const first = await readCatalogue(client, options(null));
    assert.equal(first.delta, false);
    assert.ok(stub.requests.some((r) => r.url.startsWith("/v1/places?")));
    assert.equal(sessionRequests(), 0, "event 5 has not changed: its sessions come from the snapshot");
    assert.equal(first.snapshot.sessions?.[5]?.length, 2);
    for (const lang of LANGS)
      events.set(`${lang}:5`, { ...events.get(`${lang}:5`), updated_at: "2026-11-20T10:00:00+04:00" });
    const second = await readCatalogue(client, options(null));
    assert.equal(sessionRequests(), 1, "a changed event's sessions are asked for again");
    assert.equal(second.snapshot.sessions?.[5]?.length, 2);
  });

  it("with sessionsLater, returns the lists first and the sessions after, kept ones included", async () => {
    const { stub, events, client, options, snapshotFile } = await setUp();
    const lines: string[] = [];
    // nothing kept: a first build, every multi-day event's sessions to read
    const fresh = await readCatalogue(
      client,
      options(null, { snapshotFile: `${snapshotFile}.none`, sessionsLater: true }),
      (l) => lines.push(l),
    );
    assert.equal(fresh.delta, false);
    assert.deepEqual(fresh.snapshot.sessions, {}, "the snapshot holds no session until they are read");
    assert.ok(fresh.sessionsToFollow, "the sessions follow");
    assert.ok(
      lines.some((l) => /^catalogue: read from \S+ in [\d.]+ s; the sessions of 1 events follow/.test(l)),
      lines.join("\n"),
    );
    const sessions = await fresh.sessionsToFollow;
    assert.equal(sessions[5]?.length, 2);
    assert.ok(lines.some((l) => /^catalogue: sessions read in [\d.]+ s, while the site built$/.test(l)));

    // one multi-day event unchanged (kept at once), a new one to ask for
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().replace(/\.\d+Z$/, "+00:00");
    for (const lang of LANGS)
      events.set(`${lang}:6`, {
        ...events.get(`${lang}:5`),
        id: 6,
        event_source_id: 1006,
        started_at: day(50),
        finished_at: day(52),
      });
    stub.requests.length = 0;
    const later = await readCatalogue(client, options(null, { sessionsLater: true }));
    assert.equal(later.snapshot.sessions?.[5]?.length, 2, "event 5's sessions are kept from the snapshot at once");
    assert.equal(later.snapshot.sessions?.[6], undefined);
    const all = await later.sessionsToFollow;
    assert.deepEqual(Object.keys(all ?? {}).sort(), ["5", "6"]);
    assert.equal(stub.requests.filter((r) => r.url.startsWith("/v2/dates_prices?")).length, 1);

    // nothing to ask for once the build kept them: no sessions to follow, the read is whole
    await writeSnapshotFile(
      snapshotFile,
      { ...later.snapshot, sessions: all ?? {} },
      { catalogueApiUrl: stub.baseUrl, landingId: 1 },
    );
    const whole = await readCatalogue(client, options(null, { sessionsLater: true }));
    assert.equal(whole.sessionsToFollow, null);
    assert.equal(whole.snapshot.sessions?.[5]?.length, 2);
    assert.equal(whole.snapshot.sessions?.[6]?.length, 2);
  });

  it("reads the sessions that follow on a thread of their own, with the same answers", async () => {
    const { stub, snapshotFile, client, options } = await setUp();
    const lines: string[] = [];
    const read = await readCatalogue(
      client,
      options(null, {
        snapshotFile: `${snapshotFile}.none`,
        sessionsLater: true,
        sessionsThread: { catalogueApiUrl: stub.baseUrl, catalogueRateLimit: 1000 },
      }),
      (l) => lines.push(l),
    );
    const sessions = await read.sessionsToFollow;
    assert.equal(sessions?.[5]?.length, 2);
    assert.equal(stub.requests.filter((r) => r.url.startsWith("/v2/dates_prices?")).length, 1);
    assert.ok(
      lines.some((l) => /^catalogue: sessions of 1 events spanning several days/.test(l)),
      `the thread's log line reaches the build's log: ${lines.join("\n")}`,
    );
    assert.ok(!lines.some((l) => /could not be read on a thread/.test(l)), lines.join("\n"));
  });

  it("a read of the changes waits for its few sessions even with sessionsLater", async () => {
    const { client, options } = await setUp();
    const read = await readCatalogue(client, options([{ kind: "event", id: 5 }], { sessionsLater: true }));
    assert.equal(read.delta, true);
    assert.equal(read.sessionsToFollow, null);
    assert.equal(read.snapshot.sessions?.[5]?.length, 2);
  });
});
