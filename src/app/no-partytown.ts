/**
 * Gatsby's built-in Partytown plugin injects its snippet only under `gatsby develop`; in a
 * production bundle its gatsby-browser still requires the snippet's code (Partytown's
 * integration, about 2 KB gzipped on every page's start-up) and gatsby-script (the Script
 * component, 1.4 KB) for the scripts it collected. gatsby-node.ts points both requires here
 * for the production browser bundle. The site has no off-main-thread scripts and no <Script>.
 */
export function injectPartytownSnippet(): void {}

/** gatsby-script's record of the scripts each page collected: none. */
export const collectedScriptsByPage = new Map<string, unknown>();
