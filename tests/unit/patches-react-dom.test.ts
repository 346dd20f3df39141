/**
 * The server renderer Gatsby builds pages with (React 18's renderToPipeableStream) writes
 * clean UTF-8: no NUL padding where a multi-byte character did not fit at the end of its
 * 2 KB buffer. Guards patches/react-dom+18.3.1.patch, which `npm ci` applies at postinstall.
 */
import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { describe, it } from "node:test";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";

function render(element: ReturnType<typeof createElement>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Uint8Array, _encoding, next) {
        chunks.push(Buffer.from(chunk));
        next();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onShellError: reject });
  });
}

describe("streaming server renderer", () => {
  for (const [name, word] of [
    ["Russian", "от 31,50 AED Русский"],
    ["Arabic", "تذاكر الإمارات"],
    ["emoji", "🎟️ tickets"],
  ] as const) {
    it(`writes ${name} text across many buffer boundaries without control bytes`, async () => {
      // Odd-length ASCII prefixes shift every paragraph so that some multi-byte character
      // lands on each possible offset at the end of a 2 KB buffer.
      const items = Array.from({ length: 1000 }, (_, i) =>
        createElement("p", { key: i }, `${"x".repeat(i % 7)}${word} ${i}`),
      );
      const bytes = await render(createElement("div", null, items));
      assert.ok(bytes.length > 20_000);
      assert.equal(bytes.indexOf(0), -1, "no NUL byte");
      const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      assert.equal(text.match(new RegExp(word, "g"))?.length, 1000);
    });
  }
});
