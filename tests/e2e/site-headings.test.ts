/**
 * Every built page's headings go down one level at a time (an h1, then h2s, their h3s...):
 * screen-reader users move through a page by its headings, and a skipped level reads as a
 * missing section (Lighthouse's heading-order audit, part of accessibility 100 in issue 18).
 * The test reads the HTML the build wrote, every page of every language.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, it } from "node:test";
import { htmlFiles, BUILT_DIR as publicDir } from "./support/built-files";

/** The heading levels of a page's body, in document order. */
export function headingLevels(html: string): number[] {
  const body = html.slice(html.indexOf("<body"));
  return [...body.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
}

/** Where a heading goes down more than one level from the one before it. */
export function skippedLevels(levels: number[]): string[] {
  const problems: string[] = [];
  let previous = 0;
  for (const level of levels) {
    if (level > previous + 1) problems.push(`h${previous || "(start)"} -> h${level}`);
    previous = level;
  }
  return problems;
}

describe("the headings of every built page", () => {
  it("finds a skipped level (the check itself)", () => {
    assert.deepEqual(skippedLevels(headingLevels("<body><h1>A</h1><h3>B</h3></body>")), ["h1 -> h3"]);
    assert.deepEqual(skippedLevels(headingLevels("<body><h1>A</h1><h2>B</h2><h3>C</h3><h2>D</h2></body>")), []);
  });

  it("go down one level at a time, in every language", () => {
    const files = htmlFiles(publicDir, (name) => name === "index.html");
    assert.ok(files.length > 100, `only ${files.length} pages built`);
    const problems: string[] = [];
    for (const file of files) {
      const skipped = skippedLevels(headingLevels(readFileSync(file, "utf8")));
      if (skipped.length > 0) problems.push(`${relative(publicDir, file)}: ${skipped.join(", ")}`);
    }
    assert.deepEqual(problems, []);
  });
});
