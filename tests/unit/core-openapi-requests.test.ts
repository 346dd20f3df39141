/** Request schemas read from an OpenAPI document (src/core/openapi-requests.ts). */

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { inlineSchema, requestSchemas, routerPath } from "../../src/core/openapi-requests";

const doc = {
  paths: {
    "/things/{id}": {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
      post: {
        parameters: [{ $ref: "#/components/parameters/lang" }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
        },
      },
    },
  },
  components: {
    parameters: { lang: { name: "lang", in: "query", schema: { type: "string", enum: ["en", "ar"] } } },
    schemas: {
      Thing: {
        type: "object",
        required: ["name"],
        properties: {
          name: { type: "string", nullable: true, example: "x" },
          part: { $ref: "#/components/schemas/Part" },
        },
      },
      Part: { type: "string", enum: ["a", "b"], nullable: true },
      Loop: { type: "object", properties: { next: { $ref: "#/components/schemas/Loop" } } },
    },
  },
};

describe("request schemas from an OpenAPI document", () => {
  it("gives each operation its body, path parameters and query, with references written in place", () => {
    const schemas = requestSchemas(doc).get("POST /things/:id");
    assert.ok(schemas);
    assert.equal(schemas.bodyRequired, true);
    assert.deepEqual(schemas.body, {
      type: "object",
      required: ["name"],
      properties: {
        name: { type: ["string", "null"] },
        part: { type: ["string", "null"], enum: ["a", "b", null] },
      },
    });
    assert.deepEqual(schemas.params, { type: "object", properties: { id: { type: "integer" } }, required: ["id"] });
    assert.deepEqual(schemas.querystring, {
      type: "object",
      properties: { lang: { type: "string", enum: ["en", "ar"] } },
      required: [],
    });
  });

  it("writes paths as the router does and refuses what cannot be inlined", () => {
    assert.equal(routerPath("/api/orders/{id}/payments"), "/api/orders/:id/payments");
    assert.throws(() => inlineSchema(doc, { $ref: "#/components/schemas/Loop" }), /refers to itself/);
    assert.throws(() => inlineSchema(doc, { $ref: "#/components/schemas/Missing" }), /points at nothing/);
  });
});
