/**
 * The host's floor for `npm run bench:pages`: a page with nothing in it (a heading and a
 * paragraph; no script, stylesheet, image or font), measured by Lighthouse like the site's
 * pages. It is served twice: with the headers the site sends, and with the same headers less
 * Cross-Origin-Opener-Policy. Whatever the floor loses belongs to the host and to those headers,
 * not to the pages. On a host where a fresh renderer is dear, the second row shows what the
 * header costs: it makes Chromium load the page in a new renderer process instead of the
 * one that held `about:blank` (docs/adr/0013-start-up-javascript-and-hydration-measured.md,
 * eighth addendum).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type CdnRules, headersForAnswer } from "../../src/core/cdn-rules";

export const FLOOR_HTML = [
  "<!doctype html>",
  '<html lang="en"><head><meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width,initial-scale=1">',
  // an icon in the page itself, so the browser asks for no /favicon.ico (a 404 in the console)
  '<link rel="icon" href="data:,">',
  "<title>The host's floor</title>",
  '<meta name="description" content="A page with nothing in it, to measure what the host alone costs">',
  "</head><body><main><h1>The host's floor</h1>",
  "<p>One heading and one paragraph: no script, no stylesheet, no image, no font.</p>",
  "</main></body></html>",
].join("");

/** The headers of the floor's two rows: every answer's headers by the site's rules, and the same less the opener policy. */
export function floorHeaders(rules: CdnRules): {
  site: Record<string, string>;
  withoutOpenerPolicy: Record<string, string>;
} {
  const site = headersForAnswer(rules, null);
  const withoutOpenerPolicy = Object.fromEntries(
    Object.entries(site).filter(([name]) => name !== "cross-origin-opener-policy"),
  );
  return { site, withoutOpenerPolicy };
}

export interface FloorPage {
  /** the page's address on 127.0.0.1 */
  url: string;
  close(): Promise<void>;
}

/** Serves the floor page at `/` of a free port on 127.0.0.1 with `headers` (names in lower case); any other path is a 404. */
export async function startFloorPage(headers: Record<string, string>): Promise<FloorPage> {
  const body = Buffer.from(FLOOR_HTML);
  const server = createServer((request, response) => {
    const found = request.url === "/";
    response.writeHead(found ? 200 : 404, {
      ...headers,
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-length": String(found ? body.length : 0),
    });
    response.end(found && request.method !== "HEAD" ? body : undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
