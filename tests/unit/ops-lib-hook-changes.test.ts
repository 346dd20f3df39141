import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { changesFromHookBody, unionChanges } from "../../ops/lib/hook-changes";
import { MAX_CHANGES, parseChangesSetting } from "../../src/core/catalogue-changes";

const body = (value: unknown) => JSON.stringify(value);

describe("the records a publish hook's body names", () => {
  it("reads our own shape, ids kept once and places read whole", () => {
    assert.deepEqual(
      changesFromHookBody(
        body({
          changes: [
            { kind: "event", id: 12 },
            { kind: "event", id: 12 },
            { kind: "event", id: "7" },
            { kind: "place", id: 3 },
          ],
        }),
      ),
      [{ kind: "place" }, { kind: "event", id: 12 }, { kind: "event", id: 7 }],
    );
  });

  it("maps the webhooks of Strapi, Directus, Contentful and Sanity to kind and id", () => {
    assert.deepEqual(
      changesFromHookBody(body({ event: "entry.update", model: "event", entry: { id: 12, title: "x" } })),
      [{ kind: "event", id: 12 }],
    );
    assert.deepEqual(
      changesFromHookBody(body({ event: "entry.publish", model: "api::event.event", entry: { id: 4 } })),
      [{ kind: "event", id: 4 }],
    );
    assert.deepEqual(changesFromHookBody(body({ event: "items.update", collection: "events", keys: ["3", 9] })), [
      { kind: "event", id: 3 },
      { kind: "event", id: 9 },
    ]);
    assert.deepEqual(
      changesFromHookBody(
        body({ sys: { id: "21", type: "Entry", contentType: { sys: { id: "event" } } }, fields: {} }),
      ),
      [{ kind: "event", id: 21 }],
    );
    assert.deepEqual(changesFromHookBody(body({ _id: "drafts.5", _type: "event", title: "x" })), [
      { kind: "event", id: 5 },
    ]);
    assert.deepEqual(changesFromHookBody(body({ _id: "a1b2", _type: "venue" })), [{ kind: "place" }]);
    assert.deepEqual(
      changesFromHookBody(
        body([
          { _id: "1", _type: "event" },
          { model: "artist", entry: { id: 2 } },
        ]),
      ),
      [{ kind: "person" }, { kind: "event", id: 1 }],
    );
  });

  it("reads everything (null) for no body, no JSON, an unknown shape or an event without a catalogue id", () => {
    for (const raw of [
      null,
      "",
      "   ",
      "{}",
      "[]",
      "not json",
      body({ event: "entry.publish", model: "event" }),
      body({ event: "media.create", media: { id: 3 } }),
      body({ model: "event", entry: { documentId: "abc" } }),
      body({ sys: { id: "5KsDBWseXY6QegucYAoacS", contentType: { sys: { id: "event" } } } }),
      body({ _id: "event-12", _type: "event" }),
      body({ changes: [{ kind: "ticket", id: 1 }] }),
      body({ changes: [{ kind: "event", id: -1 }] }),
      body({ changes: [{ kind: "event", id: 1.5 }] }),
      body({ changes: [] }),
      body({ ids: { updated: ["a"], created: [], deleted: [] } }),
      body({ changes: Array.from({ length: MAX_CHANGES + 1 }, (_, i) => ({ kind: "event", id: i + 1 })) }),
    ])
      assert.equal(changesFromHookBody(raw), null, String(raw));
  });

  it("coalesces two requests: null wins, a kind read whole swallows its ids", () => {
    assert.equal(unionChanges(null, [{ kind: "event", id: 1 }]), null);
    assert.equal(unionChanges([{ kind: "event", id: 1 }], null), null);
    assert.deepEqual(
      unionChanges(
        [{ kind: "event", id: 1 }],
        [
          { kind: "event", id: 2 },
          { kind: "event", id: 1 },
        ],
      ),
      [
        { kind: "event", id: 1 },
        { kind: "event", id: 2 },
      ],
    );
    assert.deepEqual(unionChanges([{ kind: "event", id: 1 }], [{ kind: "event" }, { kind: "news", id: 4 }]), [
      { kind: "event" },
      { kind: "news" },
    ]);
  });

  it("passes them to the build as CATALOGUE_CHANGES and reads them back", () => {
    const changes = [{ kind: "news" as const }, { kind: "event" as const, id: 12 }];
    assert.deepEqual(parseChangesSetting(JSON.stringify(changes)), changes);
    for (const raw of [undefined, "", "[]", "{", '[{"kind":"event","id":"12"}]', '[{"kind":"hall"}]'])
      assert.equal(parseChangesSetting(raw), null, String(raw));
  });
});
