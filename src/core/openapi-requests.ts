/**
 * What an OpenAPI document says a request must look like, as plain JSON Schemas (2020-12, the
 * dialect of OpenAPI 3.1) a validator can compile: per operation, the JSON body, the path
 * parameters and the query. `$ref`s into the document's components are written in place, and
 * OpenAPI 3.0's `nullable` becomes a type that admits null. Pure: the caller reads the file.
 */

type Json = Record<string, unknown>;

export interface RequestSchemas {
  /** the JSON body's schema, when the operation takes one */
  body?: Json;
  /** the path parameters as one object schema */
  params?: Json;
  /** the query parameters as one object schema (other parameters are let through) */
  querystring?: Json;
  /** whether the operation says its body is required */
  bodyRequired: boolean;
}

const METHODS = ["get", "put", "post", "delete", "patch"] as const;
const isJson = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The value a local `$ref` ("#/components/schemas/Order") points at. */
function resolvePointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`only references inside the document are supported: ${ref}`);
  let at: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isJson(at) || !(key in at)) throw new Error(`the reference ${ref} points at nothing`);
    at = at[key];
  }
  return at;
}

/** A schema with every reference written in place and `nullable` turned into JSON Schema. */
export function inlineSchema(doc: Json, schema: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlineSchema(doc, s, seen));
  if (!isJson(schema)) return schema;
  if (typeof schema.$ref === "string") {
    const ref = schema.$ref;
    if (seen.includes(ref)) throw new Error(`the schema ${ref} refers to itself; it cannot be inlined`);
    const { $ref: _, ...siblings } = schema;
    const target = inlineSchema(doc, resolvePointer(doc, ref), [...seen, ref]);
    return Object.keys(siblings).length === 0 ? target : { allOf: [target, inlineSchema(doc, siblings, seen)] };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    // OpenAPI's own words that are not JSON Schema keywords
    if (key === "nullable" || key === "example" || key === "discriminator" || key === "xml") continue;
    // a property named like a keyword is data, not a schema keyword: only its value is a schema
    out[key] =
      key === "properties" && isJson(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inlineSchema(doc, v, seen)]))
        : inlineSchema(doc, value, seen);
  }
  if (schema.nullable === true) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    else if (Array.isArray(out.type) && !out.type.includes("null")) out.type = [...out.type, "null"];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

function parameterSchema(doc: Json, params: Json[], where: "path" | "query"): Json | undefined {
  const mine = params.filter((p) => p.in === where);
  if (mine.length === 0) return undefined;
  return {
    type: "object",
    properties: Object.fromEntries(mine.map((p) => [String(p.name), inlineSchema(doc, p.schema ?? {})])),
    required: mine.filter((p) => p.required === true).map((p) => String(p.name)),
  };
}

/** OpenAPI's "/api/orders/{id}" as a router writes it: "/api/orders/:id". */
export const routerPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ":$1");

/** Every operation's request schemas, keyed "POST /api/orders/:id/payments". */
export function requestSchemas(doc: Json): Map<string, RequestSchemas> {
  const out = new Map<string, RequestSchemas>();
  const paths = isJson(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isJson(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isJson(op)) continue;
      const own = Array.isArray(op.parameters) ? op.parameters : [];
      const params = [...shared, ...own]
        .map((p) => (isJson(p) && typeof p.$ref === "string" ? resolvePointer(doc, p.$ref) : p))
        .filter(isJson);
      const body = isJson(op.requestBody)
        ? ((typeof op.requestBody.$ref === "string"
            ? resolvePointer(doc, op.requestBody.$ref)
            : op.requestBody) as Json)
        : undefined;
      const jsonBody = isJson(body?.content) ? (body.content as Json)["application/json"] : undefined;
      const schemas: RequestSchemas = { bodyRequired: body?.required === true };
      if (isJson(jsonBody) && jsonBody.schema !== undefined) schemas.body = inlineSchema(doc, jsonBody.schema) as Json;
      const pathParams = parameterSchema(doc, params, "path");
      if (pathParams) schemas.params = pathParams;
      const query = parameterSchema(doc, params, "query");
      if (query) schemas.querystring = query;
      out.set(`${method.toUpperCase()} ${routerPath(path)}`, schemas);
    }
  }
  return out;
}
