/**
 * i18next for gatsby-plugin-react-i18next in the browser: the instance that translates the
 * first render from the page's resources and hands over to i18next itself when the browser is
 * first idle (src/i18n/start-up-i18next.ts), so i18next's 14.5 KB gzipped are evaluated after
 * the start-up task instead of before hydration. gatsby-node.ts points the plugin's requests here.
 */
export { default } from "./start-up-i18next";
