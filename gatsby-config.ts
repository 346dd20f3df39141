import { availableParallelism } from "node:os";
import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./src/core/routes";
import { readBuildConfig } from "./src/core/site-config";
import { exposeConfigToBrowser } from "./src/sourcing/build-config";

// Gatsby runs page queries and renders HTML in a pool of (physical cores - 1) workers,
// keeping a core for its main process, which mostly waits while the workers render. On a
// 2-core machine that is one worker and one idle core. With one worker per logical core,
// the HTML step of a 37,000-page build takes about half as long (measured with
// `npm run bench:build`). An explicit GATSBY_CPU_COUNT still wins.
process.env.GATSBY_CPU_COUNT ??= String(availableParallelism() + 1);

const buildConfig = readBuildConfig(process.env);
// The browser bundle talks to the same backends the site was built from.
exposeConfigToBrowser(buildConfig);

const config: GatsbyConfig = {
  siteMetadata: {
    siteUrl: buildConfig.siteUrl,
    title: "UAE Tickets",
  },
  trailingSlash: "always",
  graphqlTypegen: false,
  // the automatic runtime, as tsconfig's "jsx": "react-jsx": a component needs no React import
  jsxRuntime: "automatic",
  plugins: [
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "locale", path: path.join(__dirname, "locales") },
    },
    {
      resolve: "gatsby-plugin-react-i18next",
      options: {
        localeJsonSourceName: "locale",
        languages: [...LANGUAGES],
        defaultLanguage: DEFAULT_LANGUAGE,
        // The plugin's browser redirect runs during hydration and causes mismatches
        // (the server render has no browser language to redirect by); English lives at the root, the others under /ru and /ar.
        redirect: false,
        generateDefaultLanguagePage: false,
        siteUrl: buildConfig.siteUrl,
        trailingSlash: "always",
        i18nextOptions: {
          ns: ["common", "pages", "forms", "tickets"],
          defaultNS: "common",
          fallbackLng: DEFAULT_LANGUAGE,
          fallbackNS: ["pages", "forms"],
          // React escapes what it renders; escaping here too would show "&amp;".
          interpolation: { escapeValue: false },
          returnNull: false,
          // JSON v4: plural keys with Intl.PluralRules suffixes (_one/_few/_many for ru,
          // _zero/_one/_two/_few/_many/_other for ar).
          compatibilityJSON: "v4",
          keySeparator: ".",
          nsSeparator: ":",
        },
      },
    },
  ],
};

export default config;
