/**
 * Two byte patches to Gatsby that shorten an editor's incremental build (patches/gatsby+5.16.1.patch,
 * docs/adr/0004-byte-patches.md), each run on Gatsby as installed:
 * - its schema build no longer reads and analyses the nodes of its own `@dontInfer` types for type
 *   inference (one SitePage node per page: 37,583 at 10,000 events, 4-9 s a build), and still
 *   infers every other type;
 * - it keeps last build's compiled gatsby-config and gatsby-node when `scripts/build.ts` leaves
 *   its marker (the site's code is the last build's), takes the marker, and compiles again
 *   without it.
 * Each test works in its own scratch directory; Gatsby's node store lives under the working
 * directory's `.cache/`, so the schema test runs there.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { COMPILED_FILES_CURRENT } from "../../scripts/build";

const GATSBY = path.dirname(require.resolve("gatsby/package.json"));
const root = mkdtempSync(path.join(tmpdir(), "gatsby-patches-"));
after(() => rmSync(root, { recursive: true, force: true }));

interface Action {
  type: string;
  payload?: { typeName?: string; nodes?: unknown[] };
}
interface GraphQLType {
  getFields(): Record<string, unknown>;
}

function node(type: string, id: string, fields: Record<string, unknown>) {
  return {
    id,
    parent: null,
    children: [],
    internal: { type, contentDigest: id, owner: "default-site-plugin", counter: 1 },
    ...fields,
  };
}

describe("Gatsby's schema build skips inference for its own @dontInfer types", () => {
  it("reads no SitePage node for inference, still infers a plugin's type, and keeps SitePage's fields", async () => {
    const site = path.join(root, "schema");
    mkdirSync(site);
    const cwd = process.cwd();
    process.chdir(site);
    after(() => process.chdir(cwd));
    const { store } = require(path.join(GATSBY, "dist", "redux"));
    const { getDataStore } = require(path.join(GATSBY, "dist", "datastore"));
    const schema = require(path.join(GATSBY, "dist", "schema"));
    getDataStore(); // the store follows the actions from here on
    const analysed = new Map<string, number>();
    const dispatch = store.dispatch.bind(store);
    store.dispatch = (action: Action) => {
      if (action.type === "BUILD_TYPE_METADATA" && action.payload?.typeName)
        analysed.set(
          action.payload.typeName,
          (analysed.get(action.payload.typeName) ?? 0) + (action.payload.nodes?.length ?? 0),
        );
      return dispatch(action);
    };
    for (let i = 0; i < 5; i++)
      store.dispatch({
        type: "CREATE_NODE",
        payload: node("SitePage", `SitePage /events/${i}/`, {
          path: `/events/${i}/`,
          component: "/site/src/templates/event.tsx",
          internalComponentName: "ComponentEvent",
          componentChunkName: "component---src-templates-event-tsx",
          context: { id: i },
          pluginCreatorId: "",
        }),
      });
    store.dispatch({ type: "CREATE_NODE", payload: node("Venue", "venue-1", { title: "Coca-Cola Arena" }) });
    await getDataStore().ready();

    await schema.build({});
    // back to the project: Gatsby's workers (below) start Node with `--import tsx` from there
    process.chdir(cwd);

    assert.equal(analysed.get("SitePage"), undefined, "SitePage nodes were read for type inference");
    assert.equal(analysed.get("Venue"), 1, "a plugin's own type must still be inferred from its nodes");
    const built = store.getState().schema as { getType(name: string): GraphQLType | undefined };
    assert.ok(built.getType("Venue")?.getFields().title, "Venue.title was not inferred");
    const sitePage = Object.keys(built.getType("SitePage")?.getFields() ?? {});
    for (const field of ["path", "component", "pageContext", "pluginCreator"])
      assert.ok(sitePage.includes(field), `SitePage lost its field ${field}`);
  });
});

describe("Gatsby keeps its compiled gatsby-*.ts when the build says the code is unchanged", () => {
  const { compileGatsbyFiles } = require(path.join(GATSBY, "dist", "utils", "parcel", "compile-gatsby-files.js"));
  const STALE = "/* the last build's compiled gatsby-node */\nexports.stale = true;\n";

  function site(name: string, marker: boolean): { dir: string; compiled: string; marker: string } {
    const dir = path.join(root, name);
    mkdirSync(path.join(dir, ".cache", "compiled"), { recursive: true });
    writeFileSync(path.join(dir, "package.json"), '{ "name": "patch-check", "private": true }\n');
    writeFileSync(path.join(dir, "gatsby-node.ts"), "export const compiledNow: number = 1;\n");
    const compiled = path.join(dir, ".cache", "compiled", "gatsby-node.js");
    writeFileSync(compiled, STALE);
    const markerFile = path.join(dir, ".cache", COMPILED_FILES_CURRENT);
    if (marker) writeFileSync(markerFile, "fingerprint\n");
    return { dir, compiled, marker: markerFile };
  }

  it("keeps them with the marker, and takes the marker", async () => {
    const kept = site("kept", true);
    await compileGatsbyFiles(kept.dir);
    assert.equal(readFileSync(kept.compiled, "utf8"), STALE);
    assert.equal(existsSync(kept.marker), false, "the marker must be taken when read");
  });

  it("compiles them again without the marker", async () => {
    const fresh = site("fresh", false);
    // Gatsby compiles from the site's directory; its worker starts Node with `--import tsx`
    symlinkSync(path.resolve("node_modules"), path.join(fresh.dir, "node_modules"));
    const cwd = process.cwd();
    process.chdir(fresh.dir);
    try {
      await compileGatsbyFiles(fresh.dir);
    } finally {
      process.chdir(cwd);
    }
    const compiled = readFileSync(fresh.compiled, "utf8");
    assert.notEqual(compiled, STALE);
    assert.match(compiled, /compiledNow/);
  });
});
