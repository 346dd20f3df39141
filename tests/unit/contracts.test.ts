/**
 * contracts/ holds the contracts the project was given (../shared/api/): the catalogue's
 * unchanged, the basket's grown by additions only (2.3: the wallets). The generated types and
 * the contract validation read the copies; this keeps them from drifting from the originals
 * wherever the originals sit beside the checkout (as in CI).
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { parse } from "yaml";

const root = resolve(__dirname, "../..");
const shared = resolve(root, "../shared/api");
const noShared = !existsSync(shared) && "no ../shared/api beside this checkout";

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Where a newer contract may add entries: new paths, new methods of a path, new responses of an
 * operation, new components, new properties of a schema. Everything the given contract says
 * anywhere else must be said the same.
 */
function assertAdditive(given: unknown, ours: unknown, at: string[]): void {
  const where = at.join(" > ") || "(root)";
  const last = at.at(-1);
  const parent = at.at(-2);
  const mapOfAdditions =
    (at.length === 1 && (last === "paths" || last === "components")) ||
    (at.length === 2 && (at[0] === "paths" || at[0] === "components")) ||
    last === "properties" ||
    last === "responses";
  // an operation or a schema: its own fields stay, its responses or properties may grow
  const openObject =
    (at.length === 3 && at[0] === "paths") ||
    (at.length === 3 && at[0] === "components" && at[1] === "schemas") ||
    parent === "properties";
  if (!mapOfAdditions && !openObject) {
    assert.deepEqual(ours, given, `${where} is changed`);
    return;
  }
  assert.ok(isNode(ours) && isNode(given), `${where} is not an object`);
  for (const [key, value] of Object.entries(given)) {
    assert.ok(key in ours, `${[...at, key].join(" > ")} is gone`);
    assertAdditive(value, ours[key], [...at, key]);
  }
  if (openObject && !mapOfAdditions) {
    const added = Object.keys(ours).filter((k) => !(k in given) && k !== "properties" && k !== "responses");
    assert.deepEqual(added, [], `${where} gained constraints a client of the given contract does not expect`);
  }
}

const load = (dir: string, name: string) => parse(readFileSync(join(dir, name), "utf8")) as Node;

describe("contracts", () => {
  it("contracts/catalogue.openapi.yaml is the given contract, unchanged", { skip: noShared }, () => {
    assert.equal(
      readFileSync(join(root, "contracts", "catalogue.openapi.yaml"), "utf8"),
      readFileSync(join(shared, "catalogue.openapi.yaml"), "utf8"),
    );
  });

  it("contracts/basket.openapi.yaml keeps every path, parameter, response and schema property of the given one", {
    skip: noShared,
  }, () => {
    const given = load(shared, "basket.openapi.yaml");
    const ours = load(join(root, "contracts"), "basket.openapi.yaml");
    assertAdditive(given.paths, ours.paths, ["paths"]);
    assertAdditive(given.components, ours.components, ["components"]);
    assert.deepEqual(ours.security, given.security);
    assert.deepEqual(ours.servers, given.servers);
  });

  it("a removed property, a changed parameter or a new constraint on an old field is not additive", () => {
    const given = {
      paths: { "/a": { get: { parameters: [{ name: "x" }], responses: { "200": { description: "ok" } } } } },
      components: { schemas: { S: { type: "object", properties: { p: { type: "string" } } } } },
    };
    const copy = () => structuredClone(given) as Node & typeof given;
    const grown = copy();
    (grown.paths as Node)["/b"] = {};
    (grown.paths["/a"].get.responses as Node)["404"] = { description: "no" };
    (grown.components.schemas.S.properties as Node).q = { type: "integer" };
    assertAdditive(given.paths, grown.paths, ["paths"]);
    assertAdditive(given.components, grown.components, ["components"]);

    const removed = copy();
    delete (removed.components.schemas.S.properties as Partial<typeof given.components.schemas.S.properties>).p;
    assert.throws(() => assertAdditive(given.components, removed.components, ["components"]), /p is gone/);
    const changed = copy();
    changed.paths["/a"].get.parameters = [{ name: "y" }];
    assert.throws(() => assertAdditive(given.paths, changed.paths, ["paths"]), /parameters is changed/);
    const narrowed = copy();
    (narrowed.components.schemas.S.properties.p as Node).maxLength = 3;
    assert.throws(() => assertAdditive(given.components, narrowed.components, ["components"]), /gained constraints/);
  });
});
