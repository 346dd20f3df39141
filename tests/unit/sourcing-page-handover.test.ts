import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import {
  handChangedPagesOver,
  handPagesOver,
  restoredPages,
  takePageHashes,
  writePageHashes,
} from "../../src/sourcing/page-handover";
import { type PlannedPage, planPages } from "../../src/sourcing/plan-pages";
import { writeIfChanged } from "../../src/sourcing/write-build-files";
import { fixtureSnapshot } from "./support/catalogue-fixture";

const NOW = new Date("2026-12-01T08:00:00Z");
const componentOf = (page: PlannedPage) => `/site/src/templates/${page.template}`;
/** Every page but the 404 pages, whose onCreatePage makes /404.html */
const keepable = (page: PlannedPage) => page.template !== "not-found.tsx";

/** A first build: every page handed over; Gatsby's state then holds what createPage made. */
function firstBuild(planned: PlannedPage[]) {
  const state = new Map<string, { componentPath: string; updatedAt: number }>();
  const handover = handPagesOver(planned, {
    componentOf,
    previous: new Map(),
    restored: state,
    createPage: (page, component) => state.set(page.path, { componentPath: component, updatedAt: 1 }),
    keepable,
  });
  return { state, handover };
}

describe("handing the planned pages to Gatsby", () => {
  const planned = planPages(fixtureSnapshot(), { now: NOW });

  it("hands every page over on a first build", () => {
    const { state, handover } = firstBuild(planned);
    assert.equal(handover.created, planned.length);
    assert.equal(handover.kept, 0);
    assert.equal(state.size, planned.length);
    assert.equal(handover.hashes.size, planned.length);
  });

  it("hands over only the pages whose plan changed, and marks the others as created now", () => {
    const { state, handover } = firstBuild(planned);
    const snapshot = fixtureSnapshot();
    const event = snapshot.byLanguage.en.events[0];
    assert.ok(event);
    event.title = `${event.title} (changed)`;
    const again = planPages(snapshot, { now: NOW });
    const created: string[] = [];
    const next = handPagesOver(again, {
      componentOf,
      previous: handover.hashes,
      restored: state,
      createPage: (page) => created.push(page.path),
      keepable,
      now: () => 42,
    });
    assert.ok(created.includes(`/events/${event.id}/`), "the changed event's page is handed over");
    assert.ok(created.includes("/ru/404/"), "a page that is not keepable is always handed over");
    assert.ok(
      created.every((p) => p.endsWith("/404/") || (!p.startsWith("/ru/") && !p.startsWith("/ar/"))),
      `only English pages carry the English title: ${created.join(", ")}`,
    );
    assert.equal(next.created, created.length);
    assert.equal(next.kept, again.length - created.length);
    assert.ok(next.kept > again.length / 2, "most pages are kept");
    for (const page of again) {
      if (created.includes(page.path)) continue;
      assert.equal(state.get(page.path)?.updatedAt, 42, `${page.path} is marked as created in this run`);
    }
  });

  it("hands over again, later in the build, only the event pages whose sessions arrived", () => {
    const snapshot = fixtureSnapshot();
    const event = snapshot.byLanguage.en.events[0];
    assert.ok(event);
    snapshot.sessions = {};
    const { handover } = firstBuild(planPages(snapshot, { now: NOW }));
    snapshot.sessions = {
      [event.id]: [
        { startedAt: "2026-12-10T16:00:00Z", finishedAt: null },
        { startedAt: "2026-12-11T16:00:00Z", finishedAt: null },
      ],
    };
    const created: Array<{ path: string; sessions: unknown }> = [];
    const handOver = () =>
      handChangedPagesOver(planPages(snapshot, { now: NOW }), {
        componentOf,
        hashes: handover.hashes,
        createPage: (page) =>
          created.push({ path: page.path, sessions: (page.context as unknown as { sessions: unknown }).sessions }),
      });
    assert.equal(handOver(), 3);
    assert.deepEqual(
      created.map((c) => c.path).sort(),
      [`/ar/events/${event.id}/`, `/events/${event.id}/`, `/ru/events/${event.id}/`],
      "the event's page in each language, nothing else",
    );
    assert.ok(created.every((c) => Array.isArray(c.sessions) && c.sessions.length === 2));
    assert.equal(handOver(), 0, "the hashes were updated: nothing is handed over twice");
  });

  it("hands a page over again when Gatsby no longer holds it, or holds it with another template", () => {
    const { state, handover } = firstBuild(planned);
    const [first, second] = planned;
    assert.ok(first && second);
    state.delete(first.path);
    state.set(second.path, { componentPath: "/site/src/templates/other.tsx", updatedAt: 1 });
    const created: string[] = [];
    handPagesOver(planned, {
      componentOf,
      previous: handover.hashes,
      restored: state,
      createPage: (page) => created.push(page.path),
      keepable: () => true,
    });
    assert.deepEqual(created.sort(), [first.path, second.path].sort());
  });

  it("hands every page over when Gatsby's state is not what it expects, or nothing was kept", () => {
    const { handover } = firstBuild(planned);
    let created = 0;
    handPagesOver(planned, {
      componentOf,
      previous: handover.hashes,
      restored: null,
      createPage: () => created++,
      keepable: () => true,
    });
    assert.equal(created, planned.length);
    assert.equal(restoredPages({ pages: {} }), null);
    assert.equal(restoredPages({ pages: new Map([["/", { componentPath: 3 }]]) }), null);
    assert.equal(restoredPages(null), null);
    assert.ok(restoredPages({ pages: new Map([["/", { componentPath: "/t.tsx", updatedAt: 1 }]]) }));
  });

  it("keeps the hashes in a file that is taken (removed) when read, and ignores a damaged one", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "handover-"));
    const file = path.join(dir, "hashes.json");
    await writePageHashes(file, new Map([["/", "abc"]]));
    assert.deepEqual([...takePageHashes(file)], [["/", "abc"]]);
    assert.equal(existsSync(file), false, "a build that fails after this hands everything over next time");
    writeFileSync(file, "{not json");
    assert.equal(takePageHashes(file).size, 0);
    writeFileSync(file, JSON.stringify({ "/": 3, "/a/": "x" }));
    assert.deepEqual([...takePageHashes(file)], [["/a/", "x"]]);
    assert.equal(takePageHashes(path.join(dir, "none.json")).size, 0);
  });
});

describe("files the build writes beside Gatsby's", () => {
  it("leaves a file holding the same text untouched, so it keeps its time", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "write-if-changed-"));
    const file = path.join(dir, "event.ics");
    assert.equal(await writeIfChanged(file, "BEGIN:VCALENDAR\n"), true);
    const past = new Date("2026-01-01T00:00:00Z");
    utimesSync(file, past, past);
    assert.equal(await writeIfChanged(file, "BEGIN:VCALENDAR\n"), false);
    assert.equal(statSync(file).mtimeMs, past.getTime());
    assert.equal(await writeIfChanged(file, "BEGIN:VCALENDAR\nX\n"), true);
    assert.equal(readFileSync(file, "utf8"), "BEGIN:VCALENDAR\nX\n");
    assert.notEqual(statSync(file).mtimeMs, past.getTime());
  });
});
