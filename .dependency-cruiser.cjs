/**
 * The layer rules (the table of what each folder may import is docs/ARCHITECTURE.md, "The
 * layers"; why: docs/adr/0007-layout.md). `npm run lint:deps` runs them, and every rule has a
 * probe in tests/unit/dependency-rules.test.ts.
 */
const SITE = "^(src/(?!core/|sourcing/)|gatsby-browser\\.tsx|gatsby-ssr\\.tsx)";
const NODE_CODE = "^(src/sourcing/|lib/|server/|ops/|scripts/|bench/|gatsby-node\\.ts|gatsby-config\\.ts)";
const FEATURES = "^src/(basket|checkout|currency|prices|search|toasts|tickets|tracking|events)/";
const UI_RUNTIME = "^node_modules/(react|react-dom|gatsby|gatsby-[^/]+|react-i18next|react-toastify|js-cookie)/";
/** Packages that need Node (a database, a mail or HTTP server, the file system, a build tool). */
const NODE_PACKAGES =
  "^node_modules/(better-sqlite3|fastify|fastify-plugin|@fastify/[^/]+|nodemailer|mjml|@aws-sdk/[^/]+|passkit-generator|altcha-lib|sanitize-html|ajv|ajv-formats|yaml|dependency-cruiser|lighthouse|playwright-core|s3rver|smtp-server|mailparser|autocannon|tsx|typescript|openapi-typescript|patch-package|pg|pg-[^/]+|kysely)/";
/** Pure packages the core may use: dates, and the Ed25519 signature of a ticket's QR payload. */
const PURE_PACKAGES = "^node_modules/(date-fns|@date-fns|@noble/curves)/";
/** The shell: the provider tree, the layout and the page frames, mounted on every page. */
const SHELL = "^src/app/";
/**
 * The kernel every part of the site reads: the site context, idle and hydration timing, the
 * first screen's end, the date locale.
 */
const KERNEL = "^src/kernel/";

/** One forbidden dependency: every rule is an error. */
const rule = (name, comment, from, to) => ({ name, severity: "error", comment, from, to });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    rule(
      "no-circular",
      "An import cycle: modules that can only be read, tested and moved together.",
      {},
      { circular: true },
    ),
    rule(
      "core-is-pure",
      "The core is shared by the site, the sourcing, the server and ops: it imports only itself.",
      { path: "^src/core/" },
      { pathNot: ["^src/core/", PURE_PACKAGES] },
    ),
    rule(
      "core-no-node-builtins",
      "The core runs in the browser too.",
      { path: "^src/core/" },
      { dependencyTypes: ["core"] },
    ),
    rule(
      "site-no-node-builtins",
      "The site's code runs in the browser: Node's built-in modules are not there.",
      { path: SITE },
      { dependencyTypes: ["core"] },
    ),
    rule(
      "site-no-node-packages",
      "The site's code runs in the browser: packages that need Node stay with the build, the server and ops.",
      { path: SITE },
      { path: NODE_PACKAGES, dependencyTypesNot: ["type-only"] },
    ),
    rule("site-no-node-code", "The site reaches Node code only through the core.", { path: SITE }, { path: NODE_CODE }),
    rule(
      "server-only-core",
      "The server imports of src/ only the core (with the generated contract types).",
      { path: "^server/" },
      { path: "^(src/(?!core/)|ops/|scripts/|bench/|tests/|gatsby-)" },
    ),
    rule(
      "ops-only-core",
      "Operations import the core and lib/: the site and the sourcing are built, not called, and production code runs no developer command.",
      { path: "^ops/" },
      { path: "^(src/(?!core/)|server/|scripts/|bench/|tests/|gatsby-)" },
    ),
    rule(
      "lib-only-core",
      "lib/ is what the build, publishing and the developer commands share: it imports only the core.",
      { path: "^lib/" },
      { path: "^(src/(?!core/)|server/|ops/|scripts/|bench/|tests/|gatsby-)" },
    ),
    rule(
      "sourcing-no-site",
      "The sourcing reads the catalogue through the shared clients and plans pages from the core.",
      { path: "^(src/sourcing/|gatsby-node\\.ts|gatsby-config\\.ts)" },
      { path: "^src/(?!core/|sourcing/|clients/|content/)" },
    ),
    rule(
      "scripts-no-site",
      "Developer commands run the site's build; they import of src/ only the core (what they share with the build is in lib/).",
      { path: "^(scripts|bench)/" },
      { path: "^src/(?!core/)" },
    ),
    rule(
      "node-no-ui-runtime",
      "React and Gatsby's browser packages belong to the site.",
      { path: "^(src/core/|src/sourcing/|lib/|server/|ops/)" },
      { path: UI_RUNTIME, dependencyTypesNot: ["type-only"] },
    ),
    rule(
      "features-no-templates",
      "Templates compose features; Gatsby (gatsby-node.ts) is the only one to name a template.",
      { path: "^src/", pathNot: "^src/templates/" },
      { path: "^src/templates/" },
    ),
    rule(
      "shell-on-top",
      "The shell (src/app/) composes the features for every page: only templates and Gatsby's page wrappers import it.",
      { path: "^src/(?!app/|templates/)" },
      { path: SHELL },
    ),
    rule(
      "kernel-below-features",
      "The kernel sits below the features and the UI primitives: it reads only the core, the landing and the settings.",
      { path: KERNEL },
      { path: "^src/", pathNot: ["^src/(core|kernel)/", "^src/catalogue/use-landing\\.ts$", "^src/config\\.ts$"] },
    ),
    rule(
      "ui-primitives-no-features",
      "src/components/ holds primitives any feature may use; they use no feature.",
      { path: "^src/components/" },
      { path: FEATURES },
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(public|\\.cache|releases)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".cjs", ".mjs", ".json", ".d.ts"],
    },
    moduleSystems: ["es6", "cjs"],
  },
};
