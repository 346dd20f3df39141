/**
 * The layer rules, written once (docs/adr/0007-layout.md): `npm run lint` runs them.
 *
 *   src/core/       pure and runtime-neutral: imports only itself and pure packages
 *   src/ (the rest) the site: browser and server render; no Node built-ins, no Node code
 *   src/sourcing/   Node code gatsby-node.ts calls: the core, the clients and the texts
 *   server/, ops/   Node: of the project's src/ only the core
 *   scripts/, bench/ and tests/ may use what they run
 */
const SITE = "^(src/(?!core/|sourcing/)|gatsby-browser\\.tsx|gatsby-ssr\\.tsx)";
const NODE_CODE = "^(src/sourcing/|server/|ops/|scripts/|bench/|gatsby-node\\.ts|gatsby-config\\.ts)";
const FEATURES = "^src/(basket|checkout|currency|prices|search|toasts|tickets|tracking|events)/";
const UI_RUNTIME = "^node_modules/(react|react-dom|gatsby|gatsby-[^/]+|react-i18next|react-toastify|js-cookie)/";

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
      { pathNot: ["^src/core/", "^node_modules/(date-fns|@date-fns)/"] },
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
    rule("site-no-node-code", "The site reaches Node code only through the core.", { path: SITE }, { path: NODE_CODE }),
    rule(
      "server-only-core",
      "The server imports of src/ only the core (with the generated contract types).",
      { path: "^server/" },
      { path: "^(src/(?!core/)|ops/|scripts/|bench/|gatsby-)" },
    ),
    // a built site's _redirects and _headers are read with the code that wrote them
    rule(
      "ops-only-core",
      "Operations import of src/ only the core; the site and the sourcing are built, not called.",
      { path: "^ops/" },
      { path: "^(src/(?!core/|sourcing/cdn-rules\\.ts$)|server/|bench/|gatsby-)" },
    ),
    rule(
      "sourcing-no-site",
      "The sourcing reads the catalogue through the shared clients and plans pages from the core.",
      { path: "^(src/sourcing/|gatsby-node\\.ts|gatsby-config\\.ts)" },
      { path: "^src/(?!core/|sourcing/|clients/|content/)" },
    ),
    rule(
      "scripts-no-site",
      "Developer commands run the site's build; they do not import the site's code.",
      { path: "^(scripts|bench)/" },
      { path: "^src/(?!core/|sourcing/)" },
    ),
    rule(
      "node-no-ui-runtime",
      "React and Gatsby's browser packages belong to the site.",
      { path: "^(src/core/|src/sourcing/|server/|ops/)" },
      { path: UI_RUNTIME, dependencyTypesNot: ["type-only"] },
    ),
    rule(
      "features-no-templates",
      "Templates compose features; Gatsby (gatsby-node.ts) is the only one to name a template.",
      { path: "^src/", pathNot: "^src/templates/" },
      { path: "^src/templates/" },
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
    exclude: { path: "^(node_modules|public|\\.cache|releases)/" },
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
