/**
 * The script that starts a page's scripts after its first paint (src/app/first-paint-scripts.ts),
 * run against a small stand-in for the document: it adds each script of the template once,
 * after a frame and a task, at once in a background tab, and does nothing without a template.
 * The patch that puts Gatsby's scripts in the template is checked here too, so a reinstall
 * that lost it fails before a build does.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runInNewContext } from "node:vm";
import { FIRST_PAINT_SCRIPTS, SCRIPTS_TEMPLATE_ID } from "../../src/app/first-paint-scripts";

interface FakeScript {
  src: string;
}

function fakePage(options: { hidden: boolean; template: boolean }) {
  const added: string[] = [];
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  let templateId: string | null = options.template ? SCRIPTS_TEMPLATE_ID : null;
  const template = {
    removeAttribute: (name: string) => {
      if (name === "id") templateId = null;
    },
    content: {
      querySelectorAll: (selector: string) => {
        assert.equal(selector, "script[src]");
        return ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"].map((src) => ({
          getAttribute: (name: string) => (name === "src" ? src : null),
        }));
      },
    },
  };
  const document = {
    hidden: options.hidden,
    getElementById: (id: string) => (templateId !== null && id === templateId ? template : null),
    createElement: (tag: string): FakeScript => {
      assert.equal(tag, "script");
      return { src: "" };
    },
    body: { appendChild: (script: FakeScript) => added.push(script.src) },
  };
  const context = {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => tasks.push(callback),
  };
  return {
    added,
    frames,
    tasks,
    run: () => runInNewContext(FIRST_PAINT_SCRIPTS, context),
  };
}

describe("the script that starts a page's scripts after its first paint", () => {
  it("adds the template's scripts after the first frame and a task, not before", () => {
    const page = fakePage({ hidden: false, template: true });
    page.run();
    assert.deepEqual(page.added, [], "nothing while the page is parsed");
    assert.equal(page.frames.length, 1);
    page.frames.shift()?.();
    assert.deepEqual(page.added, [], "nothing inside the frame's callback");
    assert.equal(page.tasks.length, 1);
    page.tasks.shift()?.();
    assert.deepEqual(page.added, ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"]);
  });

  it("in a background tab, which paints no frame, adds them at once", () => {
    const page = fakePage({ hidden: true, template: true });
    page.run();
    assert.deepEqual(page.added, ["/webpack-runtime-1.js", "/framework-2.js", "/app-3.js"]);
    assert.equal(page.frames.length, 0);
  });

  it("adds them once, and nothing on a page without the template", () => {
    const page = fakePage({ hidden: true, template: true });
    page.run();
    page.run();
    assert.equal(page.added.length, 3, "a second run finds no template");
    const bare = fakePage({ hidden: true, template: false });
    bare.run();
    assert.deepEqual(bare.added, []);
  });

  it("Gatsby's scripts slice puts the scripts in the template (patches/gatsby+5.16.1.patch)", () => {
    const extractor = readFileSync(
      join(__dirname, "../../node_modules/gatsby/dist/utils/gatsby-webpack-stats-extractor.js"),
      "utf8",
    );
    assert.ok(
      extractor.includes(
        `\`<template id="${SCRIPTS_TEMPLATE_ID}">\` + assetSliceContents.join(\`\`) + \`</template>\``,
      ),
    );
  });
});
