/**
 * i18next for gatsby-plugin-react-i18next in the browser, as an ES module. The plugin is
 * CommonJS: its `require("i18next")` got i18next's CommonJS build, whose Babel helpers are
 * the CommonJS copies, beside the ES copies react-i18next already brings (about 1 KB gzipped
 * twice on every page's start-up). gatsby-node.ts points the plugin's requests here.
 */
export { default } from "i18next";
