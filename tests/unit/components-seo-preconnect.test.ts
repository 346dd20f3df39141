/**
 * The head opens a connection to the image origin before the parser reaches the first image,
 * when the catalogue's images live on another host than the site (issue 18: "preconnect to
 * the image origin when it is another").
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { preconnectOrigin, Seo } from "../../src/components/seo";

const SITE = "https://tickets.example.ae";

test("an image on another host is preconnected by its origin", () => {
  assert.equal(preconnectOrigin("https://cdn.example.net/media/events/1.jpg?w=1200", SITE), "https://cdn.example.net");
  assert.equal(preconnectOrigin("http://127.0.0.1:4010/media/a.svg", "http://127.0.0.1:9000"), "http://127.0.0.1:4010");
});

test("an image on the site's own origin, a missing or an unreadable address needs none", () => {
  assert.equal(preconnectOrigin("https://tickets.example.ae/static/a.jpg", SITE), null);
  assert.equal(preconnectOrigin(undefined, SITE), null);
  assert.equal(preconnectOrigin("not a url", SITE), null);
  assert.equal(preconnectOrigin("data:image/png;base64,AAAA", SITE), null);
  assert.equal(preconnectOrigin("javascript:alert(1)", SITE), null);
});

function head(props: Partial<Parameters<typeof Seo>[0]>): string {
  const previous = process.env.GATSBY_SITE_URL;
  process.env.GATSBY_SITE_URL = SITE;
  try {
    return renderToStaticMarkup(
      createElement(Seo, { data: null, pageContext: { language: "en" } as never, title: "Title", ...props }),
    );
  } finally {
    if (previous === undefined) delete process.env.GATSBY_SITE_URL;
    else process.env.GATSBY_SITE_URL = previous;
  }
}

test("the head links the origin of the page's first image, the lead image before the og:image", () => {
  const image = { url: "https://img.example.net/1.jpg", width: 1200, height: 630, alt: "" };
  const lead = { url: "https://lead.example.org/2.jpg", width: 600, height: 600, alt: "" };
  assert.match(head({ image }), /<link rel="preconnect" href="https:\/\/img\.example\.net"\/>/);
  assert.match(head({ image, leadImage: lead }), /<link rel="preconnect" href="https:\/\/lead\.example\.org"\/>/);
  assert.doesNotMatch(head({}), /preconnect/);
  assert.doesNotMatch(head({ image: { ...image, url: `${SITE}/media/1.jpg` } }), /preconnect/);
});
