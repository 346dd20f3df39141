/**
 * What gatsby-plugin-react-i18next takes from react-i18next in the browser (its page wrapper and
 * useI18next), and nothing else. The plugin is CommonJS: its `require("react-i18next")` kept the
 * whole library in the start-up bundle of every page (Trans, its HTML parser, the SSR helpers:
 * about 5 KB gzipped), which tree-shaking cannot drop from a require. gatsby-node.ts points the
 * plugin's requests here; the site's own imports of react-i18next are tree-shaken as usual.
 */
export { I18nextProvider, useTranslation } from "react-i18next";
