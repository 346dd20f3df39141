/**
 * Every template's page query is one spread of a locales fragment from src/site/page-query.ts,
 * so the locales query is written once; each fragment loads the namespaces its name says.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";

const root = join(import.meta.dirname, "..", "..");
const fragmentsSource = readFileSync(join(root, "src/site/page-query.ts"), "utf8");
const templatesDir = join(root, "src/templates");
const templates = readdirSync(templatesDir).filter((name) => name.endsWith(".tsx"));

/** The names and bodies of the fragments on Query, each up to the next fragment. */
function queryFragments(source: string): Map<string, string> {
  const fragments = new Map<string, string>();
  const parts = source.split(/\bfragment (\w+) on /).slice(1);
  for (let i = 0; i < parts.length; i += 2) {
    const name = parts[i] as string;
    const body = parts[i + 1] as string;
    if (body.startsWith("Query ")) fragments.set(name, body);
  }
  return fragments;
}

const fragments = queryFragments(fragmentsSource);

describe("page queries", () => {
  test("the fragments load the namespaces their names say", () => {
    assert.deepEqual([...fragments.keys()].sort(), ["LocalesAll", "LocalesPages", "LocalesTickets"]);
    assert.doesNotMatch(fragments.get("LocalesAll") ?? "", /ns:/);
    assert.match(fragments.get("LocalesPages") ?? "", /ns: \{ in: \["common", "pages"\] \}/);
    assert.match(fragments.get("LocalesTickets") ?? "", /ns: \{ in: \["common", "tickets"\] \}/);
  });

  test("there is a template to check", () => {
    assert.ok(templates.length > 20, `${templates.length} templates`);
  });

  for (const name of templates) {
    test(`${name} asks for its locales through one fragment`, () => {
      const source = readFileSync(join(templatesDir, name), "utf8");
      const query = /export const query = graphql`([^`]*)`/.exec(source)?.[1];
      assert.ok(query, "a page query");
      assert.doesNotMatch(query, /allLocale/, "no locales query of its own");
      const spreads = [...query.matchAll(/\.\.\.(\w+)/g)].map((m) => m[1]);
      assert.equal(spreads.length, 1, `one spread, not ${spreads.join(", ")}`);
      assert.ok(fragments.has(spreads[0] as string), `${spreads[0]} is a fragment of src/site/page-query.ts`);
    });
  }
});
