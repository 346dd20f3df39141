/**
 * The browser bundle's stand-in for `side-channel` (src/app/side-channel.js, which gatsby-node.ts
 * gives qs): qs parses and writes the search page's addresses with it as with the package, and
 * still refuses a cyclic object.
 */
import assert from "node:assert/strict";
import Module from "node:module";
import { after, before, describe, it } from "node:test";

interface SideChannel {
  assert(key: unknown): void;
  delete(key: unknown): boolean;
  get(key: unknown): unknown;
  has(key: unknown): boolean;
  set(key: unknown, value: unknown): void;
}
// a CommonJS file of the browser bundle, without types of its own
const getSideChannel = require("../../src/app/side-channel.js") as () => SideChannel;

type Resolve = (request: string, ...rest: unknown[]) => string;
const loader = Module as unknown as { _resolveFilename: Resolve };

describe("side-channel stand-in for qs in the browser", () => {
  const original = loader._resolveFilename;
  let qs: typeof import("qs");
  before(() => {
    const standIn = require.resolve("../../src/app/side-channel.js");
    loader._resolveFilename = (request, ...rest) =>
      request === "side-channel" ? standIn : original.call(Module, request, ...rest);
    for (const key of Object.keys(require.cache)) if (/node_modules[\\/]qs[\\/]/.test(key)) delete require.cache[key];
    qs = require("qs");
  });
  after(() => {
    loader._resolveFilename = original;
    for (const key of Object.keys(require.cache)) if (/node_modules[\\/]qs[\\/]/.test(key)) delete require.cache[key];
  });

  it("keeps values by object and by primitive key, and says what it lacks", () => {
    const channel = getSideChannel();
    const key = {};
    channel.set(key, 1);
    channel.set("text", 2);
    assert.equal(channel.get(key), 1);
    assert.equal(channel.get("text"), 2);
    assert.equal(channel.has({}), false);
    assert.throws(() => channel.assert({}), TypeError);
    assert.equal(channel.delete(key), true);
    assert.equal(channel.has(key), false);
  });

  it("lets qs write and read the search page's query as before", () => {
    const written = qs.stringify(
      { q: "jazz", categories: [1, 2], star: "1" },
      { arrayFormat: "comma", encodeValuesOnly: true, addQueryPrefix: true },
    );
    assert.equal(written, "?q=jazz&categories=1,2&star=1");
    assert.deepEqual(qs.parse("?q=a&categories=1,2&x[y][z]=1", { ignoreQueryPrefix: true, comma: true, depth: 5 }), {
      q: "a",
      categories: ["1", "2"],
      x: { y: { z: "1" } },
    });
  });

  it("lets qs refuse a cyclic object", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.throws(() => qs.stringify({ cyclic }), /Cyclic/);
  });
});
