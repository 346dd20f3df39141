/**
 * The catalogue snapshot a build keeps beside .cache/ for the next build to merge changes into
 * (src/sourcing/catalogue-delta.ts). A build from scratch removes it with .cache/ (scripts/build.ts).
 */
export const SNAPSHOT_FILE = ".catalogue-snapshot.json";
