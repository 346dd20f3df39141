import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { sanitizeHtml } from "../../src/sourcing/sanitize";

describe("editors' HTML sanitizer", () => {
  const hostile: Array<[string, string]> = [
    ["script element", `<p>ok</p><script>alert(1)</script>`],
    ["script in odd case", `<ScRiPt>alert(1)</ScRiPt>`],
    ["event handler attribute", `<p onclick="alert(1)">ok</p>`],
    ["img onerror", `<img src="https://x.example/a.png" onerror="alert(1)">`],
    ["javascript: link", `<a href="javascript:alert(1)">x</a>`],
    ["javascript: link, mixed case and spaces", `<a href=" JaVaScRiPt:alert(1)">x</a>`],
    ["javascript: link, entity-encoded", `<a href="&#106;avascript:alert(1)">x</a>`],
    ["iframe", `<iframe src="https://evil.example"></iframe>`],
    ["svg onload", `<svg onload="alert(1)"><circle/></svg>`],
    ["style element", `<style>body{display:none}</style>`],
    ["style attribute", `<p style="background:url(javascript:alert(1))">x</p>`],
    ["object/embed", `<object data="x.swf"></object><embed src="x.swf">`],
    ["form", `<form action="https://evil.example"><input name="card"><button>Pay</button></form>`],
    ["data: image", `<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">`],
    ["meta refresh", `<meta http-equiv="refresh" content="0;url=https://evil.example">`],
    ["broken markup", `<p><b>open <script>alert(1)</b></p`],
  ];

  for (const [name, html] of hostile) {
    it(`removes ${name}`, () => {
      const clean = sanitizeHtml(html);
      assert.doesNotMatch(clean, /<script|<iframe|<svg|<style|<object|<embed|<form|<input|<meta/i, clean);
      assert.doesNotMatch(clean, /\son[a-z]+\s*=/i, clean);
      assert.doesNotMatch(clean, /javascript:|data:/i, clean);
      assert.doesNotMatch(clean, /style=/i, clean);
      assert.doesNotMatch(clean, /alert\(1\)/, clean);
    });
  }

  it("keeps ordinary rich text", () => {
    const html =
      "<h2>Line-up</h2><p>An <strong>unforgettable</strong> <em>night</em> with <b>b</b>, <i>i</i>, <u>u</u>.<br>Doors at 19:00.</p>" +
      "<ul><li>one</li></ul><ol><li>two</li></ol><h3>Rules</h3><h4>Age</h4><blockquote>quote</blockquote>";
    assert.equal(sanitizeHtml(html), html.replace("<br>", "<br />"));
  });

  it("keeps http(s), mailto and tel links and makes external ones safe to open", () => {
    assert.equal(
      sanitizeHtml(`<a href="https://venue.example/map" target="_self">map</a>`),
      `<a href="https://venue.example/map" target="_blank" rel="noopener noreferrer">map</a>`,
    );
    assert.equal(
      sanitizeHtml(`<a href="mailto:info@example.com">mail</a>`),
      `<a href="mailto:info@example.com" rel="noopener noreferrer">mail</a>`,
    );
    assert.equal(
      sanitizeHtml(`<a href="tel:+97140000000">call</a>`),
      `<a href="tel:+97140000000" rel="noopener noreferrer">call</a>`,
    );
  });

  it("keeps the words of a link whose address cannot stay, without a dead <a>", () => {
    for (const html of [
      `<a href="javascript:alert(1)">click</a>`,
      `<a href=" JaVa\tScRiPt:alert(1)">click</a>`,
      `<a href="&#106;avascript:alert(1)">click</a>`,
      `<a href="data:text/html,x">click</a>`,
      `<a href="//evil.example/">click</a>`,
      `<a name="top">click</a>`,
    ]) {
      assert.equal(sanitizeHtml(html), "click", html);
    }
    assert.equal(
      sanitizeHtml(`<a href="/events/2/">next</a>`),
      `<a href="/events/2/" rel="noopener noreferrer">next</a>`,
    );
  });

  it("keeps https images, lazily loaded, and drops relative or protocol-relative ones", () => {
    assert.equal(
      sanitizeHtml(`<img src="https://img.example/a.jpg" alt="Stage" width="600" height="400">`),
      `<img src="https://img.example/a.jpg" alt="Stage" width="600" height="400" loading="lazy" decoding="async" />`,
    );
    assert.equal(sanitizeHtml(`<img src="a.jpg"><img src="//evil.example/a.jpg">`), "");
  });

  it("demotes h1 (the page's own title) to h2 and keeps the text", () => {
    assert.equal(sanitizeHtml("<h1>Title</h1>"), "<h2>Title</h2>");
  });

  it("escapes text so it cannot turn into markup", () => {
    assert.equal(sanitizeHtml("1 < 2 & 3 > 2"), "1 &lt; 2 &amp; 3 &gt; 2");
  });
});
