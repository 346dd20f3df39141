/**
 * What gatsby-plugin-react-i18next takes from gatsby in the browser, and nothing else. The
 * plugin is CommonJS: its `require("gatsby")` marked every export of Gatsby's browser entry as
 * used, with gatsby-script's Script behind its `export *` (1.4 KB gzipped on every page's
 * start-up, although the site has no <Script>). gatsby-node.ts points the plugin's requests here.
 */
export { Link, navigate, withPrefix } from "gatsby";
