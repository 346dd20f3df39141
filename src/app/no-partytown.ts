/**
 * Gatsby's built-in Partytown plugin injects its snippet only under `gatsby develop`; in a
 * production bundle its gatsby-browser still requires the snippet's code (Partytown's
 * integration, about 2 KB gzipped on every page's start-up). gatsby-node.ts points that
 * require here for the production browser bundle. The site has no off-main-thread scripts.
 */
export function injectPartytownSnippet(): void {}
