/**
 * What the browser bundle gets for Gatsby's service-worker registration: Gatsby requires it
 * only when a plugin asks for a service worker, and no plugin of this site does, but a require
 * is bundled whatever the condition (0.4 KB gzipped of every page's start-up). gatsby-node.ts
 * points production-app's request here.
 */
export {};
