/**
 * Thin on purpose (STYLE.md): the catalogue is read, checked and planned by code under
 * src/sourcing/ that is tested without Gatsby; this file only hands the results to Gatsby.
 *
 * The snapshot is read once, in sourceNodes, and kept in this process for createPages, so a
 * build asks the catalogue for everything exactly once. A publish that names the changed
 * records (CATALOGUE_CHANGES) reads only those and merges them into the snapshot the last
 * build kept beside .cache/ (src/sourcing/catalogue-delta.ts); each successful build keeps
 * its snapshot there for the next.
 *
 * A build that reads everything does not wait for the sessions of multi-day events (at
 * 10,000 events, 1,363 of its 1,745 requests): they follow while Gatsby plans the pages and
 * compiles the code, and go into the event pages before any page query runs
 * (SessionsBeforeQueriesPlugin).
 */
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import type { Compilation, Compiler, WebpackPluginInstance } from "webpack";
import { writeCdnRules } from "./lib/cdn-rule-files";
import { ROUTES } from "./src/core/routes";
import type { SessionTimes } from "./src/core/sessions";
import { readBuildConfig } from "./src/core/site-config";
import { COMPILE_HINT } from "./src/core/start-up-scripts";
import { parseChangesSetting, readCatalogue, SNAPSHOT_FILE, writeSnapshotFile } from "./src/sourcing/catalogue-delta";
import { LANDING_NODE_TYPE, LANDING_TYPE_DEFS, landingNodeFields } from "./src/sourcing/landing-node";
import {
  handChangedPagesOver,
  handPagesOver,
  PAGE_PLAN_FILE,
  restoredPages,
  takePageHashes,
  writePageHashes,
} from "./src/sourcing/page-handover";
import { type PlannedPage, planPages } from "./src/sourcing/plan-pages";
import { type CatalogueSnapshot, createBuildCatalogueClient } from "./src/sourcing/source-catalogue";
import { type WriteResult, writeBuildFiles } from "./src/sourcing/write-build-files";
import { writeSearchIndexes } from "./src/sourcing/write-search-index";

let snapshot: CatalogueSnapshot | null = null;
/**
 * The .ics files, sitemap and robots.txt: started as soon as the pages are planned, so the
 * writing overlaps webpack and the queries instead of adding seconds at the end.
 */
let buildFiles: Promise<WriteResult | Error> | null = null;
/** The header search box's index of places and persons, one file per language. */
let searchIndexes: Promise<number | Error> | null = null;
/** What each page was handed to Gatsby with, kept for the next build (page-handover.ts). */
let pageHashes: Map<string, string> | null = null;
/** The time the pages were planned for: a second plan, with the sessions, must use the same. */
let plannedFor: Date | null = null;
/** A full read's sessions, still being read when sourceNodes returned; null when none follow. */
let sessionsToFollow: Promise<Record<number, SessionTimes[]>> | null = null;
/** Settles once the sessions are in the snapshot and their event pages are handed over again. */
let sessionsApplied: Promise<void> | null = null;
/** Whether the build waited for sessionsApplied before its page queries (the renderer's build). */
let sessionsInBeforeQueries = false;

const TEMPLATES_DIR = path.resolve("src/templates");
const RECORD_TEMPLATES = new Set<string>([
  ROUTES.event.template,
  ROUTES.place.template,
  ROUTES.person.template,
  ROUTES.news.template,
]);

/**
 * SitePage nodes belong to Gatsby's internal-data-bridge, which does not touch them in
 * sourceNodes, so every rebuild deleted all of them as "stale" ("Clean up stale nodes") and
 * createPage wrote them all again. Pages that are no longer created are still removed, by
 * Gatsby's deleteUntouchedPages -> DELETE_PAGE, which deletes their SitePage node.
 */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ store }) => {
  store.dispatch({ type: "ENABLE_STATEFUL_SOURCE_PLUGIN", plugin: { name: "internal-data-bridge" } });
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(LANDING_TYPE_DEFS);
};

export const sourceNodes: GatsbyNode["sourceNodes"] = async ({
  actions,
  createNodeId,
  createContentDigest,
  reporter,
}) => {
  const config = readBuildConfig(process.env);
  const activity = reporter.activityTimer(`read the catalogue at ${config.catalogueApiUrl}`);
  activity.start();
  try {
    const read = await readCatalogue(
      createBuildCatalogueClient(config),
      {
        catalogueApiUrl: config.catalogueApiUrl,
        landingId: config.landingId,
        changes: parseChangesSetting(process.env.CATALOGUE_CHANGES),
        snapshotFile: path.resolve(SNAPSHOT_FILE),
        // only `gatsby build` waits for them before its queries; `gatsby develop` reads all first
        sessionsLater: process.env.gatsby_executing_command === "build",
        sessionsThread: config,
      },
      (line) => reporter.info(line),
    );
    snapshot = read.snapshot;
    sessionsToFollow = read.sessionsToFollow;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    activity.panicOnBuild(
      `The catalogue at ${config.catalogueApiUrl} could not be read, so the site cannot be built.\n${message}`,
    );
    return;
  }
  activity.end();
  const fields = landingNodeFields(snapshot.landing);
  actions.createNode({
    ...fields,
    id: createNodeId(`${LANDING_NODE_TYPE}-${fields.landingId}`),
    internal: { type: LANDING_NODE_TYPE, contentDigest: createContentDigest(fields.json) },
  });
};

/** A planned page as createPage takes it. */
function gatsbyPage(page: PlannedPage, component: string) {
  return {
    path: page.path,
    ...(page.matchPath ? { matchPath: page.matchPath } : {}),
    component,
    context: page.context as unknown as Record<string, unknown>,
  };
}

export const createPages: GatsbyNode["createPages"] = async ({ actions, reporter, store }) => {
  if (!snapshot) return; // sourcing failed and has already been reported
  const activity = reporter.activityTimer("plan the pages");
  activity.start();
  const started = Date.now();
  const now = new Date();
  const planned = planPages(snapshot, { now });
  const plannedAt = Date.now();
  const handover = handPagesOver(planned, {
    componentOf: (page) => path.join(TEMPLATES_DIR, page.template),
    previous: takePageHashes(path.resolve(PAGE_PLAN_FILE)),
    restored: restoredPages(store.getState()),
    // the record pages: 37,500 of 37,582 at 10,000 events; the few others are always handed over
    keepable: (page) => RECORD_TEMPLATES.has(page.template),
    createPage: (page, component) => actions.createPage(gatsbyPage(page, component)),
  });
  pageHashes = handover.hashes;
  plannedFor = now;
  activity.setStatus(
    `${planned.length} pages (planned in ${((plannedAt - started) / 1000).toFixed(1)} s; ${handover.created} handed to Gatsby, ${handover.kept} unchanged since the last build, in ${((Date.now() - plannedAt) / 1000).toFixed(1)} s)`,
  );
  activity.end();
  // the .ics files show the sessions: written once they are known
  if (!sessionsToFollow) writeFilesBesidePages(snapshot, planned);
  searchIndexes = writeSearchIndexes(path.resolve("public"), snapshot).catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
};

function writeFilesBesidePages(catalogue: CatalogueSnapshot, planned: PlannedPage[]): void {
  buildFiles = writeBuildFiles(path.resolve("public"), catalogue, planned, readBuildConfig(process.env).siteUrl).catch(
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
}

/**
 * When the sessions arrive: into the snapshot, the event pages whose context they change
 * handed to Gatsby again (the others are untouched), then the .ics files. Set up here, after
 * createPages, with this API's actions: a createPage bound to createPages warns when called
 * after it returned.
 */
export const onPreBuild: GatsbyNode["onPreBuild"] = ({ actions, reporter }) => {
  if (!sessionsToFollow || !snapshot || !plannedFor || !pageHashes) return;
  const catalogue = snapshot;
  const now = plannedFor;
  const hashes = pageHashes;
  sessionsApplied = sessionsToFollow.then((sessions) => {
    catalogue.sessions = sessions;
    const planned = planPages(catalogue, { now });
    const changed = handChangedPagesOver(planned, {
      componentOf: (page) => path.join(TEMPLATES_DIR, page.template),
      hashes,
      createPage: (page, component) => actions.createPage(gatsbyPage(page, component)),
    });
    reporter.info(`catalogue: the sessions went into ${changed} event pages`);
    writeFilesBesidePages(catalogue, planned);
  });
};

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  if (sessionsApplied && !sessionsInBeforeQueries) {
    // a guard: pages queried before their sessions were in would have been built without them
    reporter.panicOnBuild(
      "The event pages were queried before the sessions of multi-day events were in them: this Gatsby does not build its HTML renderer before running the page queries, as gatsby-node.ts (SessionsBeforeQueriesPlugin) expects.",
    );
    return;
  }
  const indexes = await searchIndexes;
  if (indexes instanceof Error) {
    reporter.panicOnBuild(`Could not write the search indexes: ${indexes.message}`);
    return;
  }
  // _redirects and _headers for the host, from the route module and this build's files
  // (its hashed assets and the hashes of its inline scripts); npm run serve and npm run
  // origin read the same two files.
  const rules = await writeCdnRules(path.resolve("public"), readBuildConfig(process.env));
  reporter.info(`cdn rules: ${rules.redirects.length} rewrites, ${rules.headers.length} header rules`);
  if (snapshot) {
    const config = readBuildConfig(process.env);
    await writeSnapshotFile(path.resolve(SNAPSHOT_FILE), snapshot, config).catch((error: unknown) =>
      // the next publish then reads everything: slower, not wrong
      reporter.warn(`Could not keep the catalogue snapshot: ${(error as Error).message}`),
    );
  }
  if (pageHashes) {
    await writePageHashes(path.resolve(PAGE_PLAN_FILE), pageHashes).catch((error: unknown) =>
      // the next build then hands every page to Gatsby: slower, not wrong
      reporter.warn(`Could not keep the pages' plan: ${(error as Error).message}`),
    );
  }
  if (!buildFiles) return;
  const result = await buildFiles;
  if (result instanceof Error) {
    reporter.panicOnBuild(`Could not write the .ics files and the sitemap: ${result.message}`);
    return;
  }
  reporter.info(`catalogue: wrote ${result.icsFiles} .ics files and a sitemap of ${result.sitemapUrls} URLs`);
};

/**
 * Keep webpack's compilation hash the same for the same sources. mini-css-extract-plugin
 * compiles each CSS file in a child compilation, but only when that file is not in webpack's
 * persistent cache; webpack mixes every child's hash into the parent's hash, so a build after a
 * cold build got a new hash, rewrote public/_gatsby/slices/_gatsby-scripts-1.html, and Gatsby
 * restitched every page. The children are hidden while the hash is computed and put back after.
 */
class StableCompilationHashPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap("StableCompilationHash", (compilation) => {
      let hidden: Compilation[] = [];
      compilation.hooks.beforeHash.tap("StableCompilationHash", () => {
        hidden = compilation.children.filter((child) => child.name?.startsWith("mini-css-extract-plugin"));
        compilation.children = compilation.children.filter((child) => !hidden.includes(child));
      });
      compilation.hooks.afterHash.tap("StableCompilationHash", () => {
        compilation.children.push(...hidden);
        hidden = [];
      });
    });
  }
}

/**
 * Chrome's explicit compile hint (Chrome 136 and later; other browsers read a comment): a
 * script that starts with it has every function compiled while it downloads, on a background
 * thread, instead of each one on the main thread the first time it runs. Given to every script:
 * the start-up evaluation task of the event page fell from 33-48 ms to 21-22 ms of a desktop
 * CPU, and the chunks the first idle moment runs at once (i18next, the API clients) from 8 and
 * 16 ms to under 2 and 10 ms (docs/adr/0013-start-up-javascript-and-hydration-measured.md). A
 * chunk loaded at first use (checkout) is compiled while it downloads, also off the main thread.
 * Added after minification (which drops comments) and before the source maps are written, so
 * the maps count the line.
 */

class CompileHintsPlugin {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap("CompileHints", (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: "CompileHints", stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const chunk of compilation.chunks)
            for (const file of chunk.files)
              if (file.endsWith(".js"))
                compilation.updateAsset(file, (old) => new sources.ConcatSource(COMPILE_HINT, "\n", old));
        },
      );
    });
  }
}

/**
 * Holds the end of the HTML renderer's build until the sessions that follow a full read are in
 * the event pages. `gatsby build` builds the renderer after createPages and the browser bundle
 * and before it runs the page queries (gatsby/dist/commands/build.js), so the sessions are read
 * while the pages are planned and the code is compiled, and no page is queried without them.
 * A build with nothing following passes straight through; onPostBuild checks that this ran.
 */
class SessionsBeforeQueriesPlugin {
  constructor(private readonly log: (line: string) => void) {}

  apply(compiler: Compiler): void {
    compiler.hooks.done.tapPromise("SessionsBeforeQueries", async () => {
      if (!sessionsApplied) return;
      const started = Date.now();
      await sessionsApplied;
      sessionsInBeforeQueries = true;
      this.log(`catalogue: the page queries waited ${((Date.now() - started) / 1000).toFixed(1)} s for the sessions`);
    });
  }
}

/**
 * Modules that plugins' browser code requires but the site never runs, each replaced for the
 * requests of that plugin only (request, the package whose files ask, the stand-in). A require
 * cannot be tree-shaken, so without this they were part of every page's start-up JavaScript.
 */
const BROWSER_STAND_INS: ReadonlyArray<{ request: RegExp; issuer: RegExp; use: string }> = [
  {
    request: /^react-i18next$/,
    issuer: /node_modules[\\/]gatsby-plugin-react-i18next[\\/]/,
    use: "src/i18n/plugin-react-i18next.ts",
  },
  {
    request: /^gatsby$/,
    issuer: /node_modules[\\/]gatsby-plugin-react-i18next[\\/]/,
    use: "src/i18n/plugin-gatsby.ts",
  },
  {
    request: /^i18next$/,
    issuer: /node_modules[\\/]gatsby-plugin-react-i18next[\\/]/,
    use: "src/i18n/plugin-i18next.ts",
  },
  {
    request: /^outdent$/,
    issuer: /node_modules[\\/]gatsby-plugin-react-i18next[\\/]/,
    use: "src/i18n/plugin-outdent.ts",
  },
  {
    request: /^browser-lang$/,
    issuer: /node_modules[\\/]gatsby-plugin-react-i18next[\\/]/,
    use: "src/i18n/plugin-browser-lang.ts",
  },
  {
    request: /^\.\/[\w-]+\/_lib\/(match|formatDistance|formatRelative)\.js$/,
    issuer: /node_modules[\\/]date-fns[\\/]locale[\\/]/,
    use: "src/kernel/date-fns-format-only.ts",
  },
  {
    request: /inject-partytown-snippet$/,
    issuer: /node_modules[\\/]gatsby[\\/]dist[\\/]internal-plugins[\\/]partytown[\\/]/,
    use: "src/app/no-partytown.ts",
  },
  {
    request: /^\.\/register-service-worker$/,
    issuer: /[\\/]\.cache[\\/]production-app\.js$/,
    use: "src/app/no-service-worker.ts",
  },
  {
    request: /^gatsby-script$/,
    issuer: /node_modules[\\/]gatsby[\\/]dist[\\/]internal-plugins[\\/]partytown[\\/]/,
    use: "src/app/no-partytown.ts",
  },
];

/**
 * react-i18next's Trans, for the views that use it (src/i18n/trans.tsx), as a module of its
 * own. The same file is re-exported by react-i18next's entry, which every page loads for
 * useTranslation: as one module, webpack kept it, with its HTML parser, in the start-up
 * bundle of every page (about 3 KB gzipped) as soon as any chunk used it. Requested by path
 * with a query, it is a second module that lives only in the chunks of those views, and the
 * entry's copy is dropped as unused (react-i18next and the parser have no side effects).
 */
const TRANS_ON_ITS_OWN = {
  request: /^react-i18next\/TransWithoutContext$/,
  use: `${path.join(__dirname, "node_modules/react-i18next/dist/es/TransWithoutContext.js")}?on-its-own`,
};
/**
 * Babel's helpers, as ES modules for every caller in the browser bundle. Code compiled by
 * Gatsby and CommonJS packages asked for the CommonJS copies, ES packages (i18next,
 * react-i18next) for the ES ones, so most helpers shipped twice at every page's start-up. A
 * CommonJS caller gets the ES module through interopRequireDefault, as the bundle's check for
 * direct calls found for all of them; interopRequireDefault itself stays CommonJS.
 */
const COMMONJS_BABEL_HELPER =
  /^(?:.*[\\/])?@babel[\\/]runtime[\\/]helpers[\\/](?!esm[\\/]|interopRequire)(\w+)(?:\.js)?$/;

const SIDE_EFFECT_FREE_PACKAGES = /node_modules[\\/](html-parse-stringify|void-elements)[\\/]/;

type ReplacementPlugin = (
  request: RegExp,
  replace: (resource: { request: string; contextInfo?: { issuer?: string } }) => void,
) => WebpackPluginInstance;

function browserStandIns(normalModuleReplacement: ReplacementPlugin): WebpackPluginInstance[] {
  return [
    ...BROWSER_STAND_INS.map(({ request, issuer, use }) =>
      normalModuleReplacement(request, (resource) => {
        if (issuer.test(resource.contextInfo?.issuer ?? "")) resource.request = path.join(__dirname, use);
      }),
    ),
    normalModuleReplacement(TRANS_ON_ITS_OWN.request, (resource) => {
      resource.request = TRANS_ON_ITS_OWN.use;
    }),
    normalModuleReplacement(COMMONJS_BABEL_HELPER, (resource) => {
      const helper = COMMONJS_BABEL_HELPER.exec(resource.request)?.[1];
      if (helper) resource.request = `@babel/runtime/helpers/esm/${helper}`;
    }),
  ];
}

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, plugins, reporter }) => {
  if (stage === "build-javascript")
    actions.setWebpackConfig({
      plugins: [
        new StableCompilationHashPlugin(),
        new CompileHintsPlugin(),
        ...browserStandIns(plugins.normalModuleReplacement as unknown as ReplacementPlugin),
      ],
      module: { rules: [{ test: SIDE_EFFECT_FREE_PACKAGES, sideEffects: false }] },
    });
  if (stage === "build-html")
    actions.setWebpackConfig({ plugins: [new SessionsBeforeQueriesPlugin((line) => reporter.info(line))] });
};
