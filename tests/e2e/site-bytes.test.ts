/**
 * Every built HTML file is clean text: no C0 control character other than tab, line feed and
 * carriage return. React 18's streaming renderer used to flush its whole 2 KB buffer when a
 * multi-byte character did not fit at its end, leaving NUL bytes in Russian and Arabic words
 * (patched in patches/react-dom+18.3.1.patch); browsers hide them, crawlers and link previews
 * do not. The test reads the files the build wrote, not what a browser shows.
 *
 * And each page's start-up JavaScript carries only its own language's date data: the month
 * names of the other languages' date-fns locales are not among the scripts it loads before it
 * is interactive (src/kernel/date-locale.ts).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, it } from "node:test";
import { htmlFiles, BUILT_DIR as publicDir } from "./support/built-files";
import { PAGE_TYPES, PUBLIC_DIR, pagePath, startupScripts } from "./support/startup";

// Any C0 control character except \t (09), \n (0A) and \r (0D), and DEL.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

describe("built HTML bytes", () => {
  const files = htmlFiles(publicDir);

  it("the build wrote pages in all three languages", () => {
    const rel = files.map((f) => relative(publicDir, f));
    assert.ok(rel.includes("index.html"));
    assert.ok(
      rel.some((f) => f.startsWith("ru/")),
      "Russian pages were built",
    );
    assert.ok(
      rel.some((f) => f.startsWith("ar/")),
      "Arabic pages were built",
    );
  });

  it("no built page contains a control character or a broken UTF-8 sequence", () => {
    const bad: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(file);
      const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
      const at = text.search(CONTROL);
      if (at >= 0) {
        bad.push(
          `${relative(publicDir, file)}: U+${text.charCodeAt(at).toString(16).padStart(4, "0")} near ${JSON.stringify(text.slice(Math.max(0, at - 20), at + 20))}`,
        );
      } else if (text.includes("\uFFFD")) {
        bad.push(
          `${relative(publicDir, file)}: invalid UTF-8 near ${JSON.stringify(text.slice(Math.max(0, text.indexOf("\uFFFD") - 20), text.indexOf("\uFFFD") + 20))}`,
        );
      }
    }
    assert.deepEqual(bad.slice(0, 20), [], `${bad.length} of ${files.length} pages are not clean text`);
  });
});

/** "January" as date-fns writes it in a date ("6 января", "6 يناير"): one word of each language's locale. */
const JANUARY = { ru: "января", ar: "يناير" } as const;

/** The text of a script, with the \uXXXX escapes a minifier may write non-ASCII letters as read back. */
function scriptText(file: string): string {
  return readFileSync(join(PUBLIC_DIR, file), "utf8").replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

describe("each page's start-up JavaScript has only its own language's dates", () => {
  for (const type of Object.keys(PAGE_TYPES)) {
    it(`${type}: en carries no Russian or Arabic month, ru only Russian, ar only Arabic`, () => {
      for (const lang of ["en", "ru", "ar"] as const) {
        const path = pagePath(type, lang);
        const scripts = startupScripts(path).map((s) => s.file);
        const text = scripts.map(scriptText).join("\n");
        for (const other of ["ru", "ar"] as const) {
          const has = text.includes(JANUARY[other]);
          if (other === lang)
            assert.ok(has, `${path} loads its own month names (${JANUARY[other]}) before it hydrates`);
          else
            assert.ok(
              !has,
              `${path} loads the ${other} month name ${JANUARY[other]} at start-up: ${scripts.join(", ")}`,
            );
        }
      }
    });
  }
});
