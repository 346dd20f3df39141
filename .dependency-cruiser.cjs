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

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle: modules that can only be read, tested and moved together.",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-is-pure",
      severity: "error",
      comment: "The core is shared by the site, the sourcing, the server and ops: it imports only itself.",
      from: { path: "^src/core/" },
      to: { pathNot: ["^src/core/", "^node_modules/(date-fns|@date-fns)/"] },
    },
    {
      name: "core-no-node-builtins",
      severity: "error",
      comment: "The core runs in the browser too.",
      from: { path: "^src/core/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "site-no-node-builtins",
      severity: "error",
      comment: "The site's code runs in the browser: Node's built-in modules are not there.",
      from: { path: SITE },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "site-no-node-code",
      severity: "error",
      comment: "The site reaches Node code only through the core.",
      from: { path: SITE },
      to: { path: NODE_CODE },
    },
    {
      name: "server-only-core",
      severity: "error",
      comment: "The server imports of src/ only the core (with the generated contract types).",
      from: { path: "^server/" },
      to: { path: "^(src/(?!core/)|ops/|scripts/|bench/|gatsby-)" },
    },
    {
      name: "ops-only-core",
      severity: "error",
      comment: "Operations import of src/ only the core; the site and the sourcing are built, not called.",
      from: { path: "^ops/" },
      // a built site's _redirects and _headers are read with the code that wrote them
      to: { path: "^(src/(?!core/|sourcing/cdn-rules\\.ts$)|server/|bench/|gatsby-)" },
    },
    {
      name: "sourcing-no-site",
      severity: "error",
      comment: "The sourcing reads the catalogue through the shared clients and plans pages from the core.",
      from: { path: "^(src/sourcing/|gatsby-node\\.ts|gatsby-config\\.ts)" },
      to: { path: "^src/(?!core/|sourcing/|clients/|content/)" },
    },
    {
      name: "scripts-no-site",
      severity: "error",
      comment: "Developer commands run the site's build; they do not import the site's code.",
      from: { path: "^(scripts|bench)/" },
      to: { path: "^src/(?!core/|sourcing/)" },
    },
    {
      name: "node-no-ui-runtime",
      severity: "error",
      comment: "React and Gatsby's browser packages belong to the site.",
      from: { path: "^(src/core/|src/sourcing/|server/|ops/)" },
      to: { path: UI_RUNTIME, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "features-no-templates",
      severity: "error",
      comment: "Templates compose features; Gatsby (gatsby-node.ts) is the only one to name a template.",
      from: { path: "^src/", pathNot: "^src/templates/" },
      to: { path: "^src/templates/" },
    },
    {
      name: "ui-primitives-no-features",
      severity: "error",
      comment: "src/components/ holds primitives any feature may use; they use no feature.",
      from: { path: "^src/components/" },
      to: { path: FEATURES },
    },
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
