/**
 * Requests are checked by the contracts' own schemas: at start-up the request schemas of
 * contracts (contracts/basket.openapi.yaml, contracts/checkin.openapi.yaml) are read, and every
 * route a contract describes gets them as its Fastify schema (body, path parameters, query),
 * compiled by ajv in JSON Schema 2020-12 as OpenAPI 3.1 writes it. A request the contract
 * refuses is answered 400 with the shop's {detail, code} naming the field; what the contract
 * cannot say (a name's letters, a dialable phone, an e-mail address in IDNA form) is checked
 * by the code after this.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020, { type ErrorObject } from "ajv/dist/2020";
import type { FastifyInstance, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { parse } from "yaml";
import { type RequestSchemas, requestSchemas } from "../../../src/core/openapi-requests";
import { HttpError } from "../lib/errors";

const CONTRACTS = join(__dirname, "..", "..", "..", "contracts");

/** The codes the basket contract's error answers use for a field that is wrong; any other field is `bad_request`. */
const FIELD_CODES: Record<string, string> = {
  email: "invalid_email",
  name: "invalid_name",
  phone: "invalid_phone",
  acquisition_id: "unknown_acquisition",
  currency_code: "unknown_currency",
  lang: "invalid_lang",
  captcha: "captcha_invalid",
  type: "unknown_type",
  "ticket.count": "invalid_count",
  number: "invalid_number",
  return_url: "invalid_return_url",
};

const AJV_OPTIONS = {
  strict: false,
  allErrors: false,
  // the schema that failed rides along with each error: a oneOf's branches name their kinds
  verbose: true,
  // e-mail addresses are checked by the code (WHATWG rules, IDNA), which is stricter and knows
  // non-Latin domains; the contract's `format` is documentation here
  validateFormats: false,
};
const ajv = new Ajv2020(AJV_OPTIONS);
// path parameters and queries arrive as text: "42" is the integer a contract's {id} asks for
const coercing = new Ajv2020({ ...AJV_OPTIONS, coerceTypes: true });

/** The code of a refused request, from the field that is wrong and the route ("POST /api/checkin/redeem"). */
export type CodeOf = (field: string, route: string) => string | undefined;
const basketCodes: CodeOf = (field) => FIELD_CODES[field];

/** "body", "/ticket/count" → "ticket.count"; the body itself is "the body". */
function fieldOf(part: string, e: ErrorObject): string {
  const path = e.instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (e.keyword === "required") path.push(String((e.params as { missingProperty: string }).missingProperty));
  if (path.length > 0) return path.join(".");
  return part === "body" ? "the body" : part === "querystring" ? "the query" : "the address";
}

const listOf = (values: unknown[]): string => values.map((v) => String(v)).join(", ");

function sentence(field: string, e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required":
      return `${field} is required`;
    case "type":
      return `${field} must be ${String(p.type).replace(",", " or ").replace("object", "a JSON object")}`;
    case "enum":
      return `${field} must be one of ${listOf(p.allowedValues as unknown[])}`;
    case "const":
      return `${field} must be ${String(p.allowedValue)}`;
    case "minimum":
    case "maximum":
      return `${field} must be ${e.keyword === "minimum" ? "at least" : "at most"} ${String(p.limit)}`;
    case "minLength":
    case "maxLength":
      return `${field} must be ${e.keyword === "minLength" ? "at least" : "at most"} ${String(p.limit)} characters`;
    case "maxItems":
      return `at most ${String(p.limit)} ${field} per request`;
    default:
      return `${field} ${e.message ?? "does not match the contract"}`;
  }
}

type Branch = { properties?: Record<string, { enum?: unknown[]; const?: unknown }> };

/** The values a branch allows for `key`, or undefined when it does not pin it down. */
function pinned(branch: Branch, key: string): unknown[] | undefined {
  const prop = branch.properties?.[key];
  if (!prop) return undefined;
  return prop.enum ?? ("const" in prop ? [prop.const] : undefined);
}

/**
 * The error a client should read. In a `oneOf` (the basket's kinds of change) every branch
 * fails; the branch meant is the one whose distinguishing field (a property every branch
 * pins to its own values: `type`) matches, and when none does, that field is what is wrong.
 */
function explain(part: string, errors: ErrorObject[]): { field: string; detail: string; code?: string } {
  const oneOf = errors.find((e) => e.keyword === "oneOf");
  const branches = (Array.isArray(oneOf?.schema) ? oneOf.schema : []) as Branch[];
  const data = oneOf?.data;
  const key = Object.keys(branches[0]?.properties ?? {}).find((k) => branches.every((b) => pinned(b, k)));
  if (oneOf && key !== undefined && typeof data === "object" && data !== null && !Array.isArray(data)) {
    const prefix = oneOf.instancePath.split("/").slice(1).concat(key).join(".");
    const value = (data as Record<string, unknown>)[key];
    if (value === undefined) return { field: prefix, detail: `${prefix} is required`, code: "bad_request" };
    const meant = branches.findIndex((b) => pinned(b, key)?.includes(value));
    if (meant === -1)
      return {
        field: prefix,
        detail: `${prefix} must be one of ${listOf(branches.flatMap((b) => pinned(b, key) ?? []))}`,
      };
    const own = errors.filter((e) => e.schemaPath.startsWith(`${oneOf.schemaPath}/${meant}/`));
    if (own.length > 0) return explain(part, own);
  }
  const first = errors.find((e) => e.keyword !== "oneOf") ?? errors[0];
  if (!first) return { field: part, detail: `${part} does not match the contract` };
  const field = fieldOf(part, first);
  return { field, detail: sentence(field, first) };
}

export function validationError(
  part: string,
  errors: ErrorObject[],
  codeOf: CodeOf = basketCodes,
  route = "",
): HttpError {
  const { field, detail, code } = explain(part, errors);
  return new HttpError(400, detail, code ?? codeOf(field, route) ?? "bad_request");
}

/** The request schemas of the contract files, by "METHOD /router/:path". */
export function contractRequestSchemas(names: readonly string[]): Map<string, RequestSchemas> {
  const all = new Map<string, RequestSchemas>();
  for (const name of names) {
    const doc = parse(readFileSync(join(CONTRACTS, `${name}.openapi.yaml`), "utf8")) as Record<string, unknown>;
    for (const [key, schemas] of requestSchemas(doc)) all.set(key, schemas);
  }
  return all;
}

async function contractValidation(
  app: FastifyInstance,
  opts: {
    contracts: readonly string[];
    /** how the contracts name what is wrong; by default the basket contract's field codes */
    codes?: CodeOf;
  },
): Promise<void> {
  const schemas = contractRequestSchemas(opts.contracts);
  const codeOf = opts.codes ?? basketCodes;
  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      const found = schemas.get(key);
      if (!found || route.schema) continue;
      route.schema = {
        ...(found.body ? { body: found.body } : {}),
        ...(found.params ? { params: found.params } : {}),
        ...(found.querystring ? { querystring: found.querystring } : {}),
      };
      route.validatorCompiler = ({ schema, httpPart }) =>
        (httpPart === "body" ? ajv : coercing).compile(schema as object);
      route.schemaErrorFormatter = (errors, part) => validationError(part, errors as ErrorObject[], codeOf, key);
    }
  });
  // an empty query value counts as absent (?currency_code=), as the query readers say
  app.addHook("preValidation", async (req) => {
    if (!req.routeOptions.schema?.querystring) return;
    const q = req.query as Record<string, unknown> | undefined;
    if (q && typeof q === "object") for (const [k, v] of Object.entries(q)) if (v === "") delete q[k];
  });
}

export const contractRequests = fp(contractValidation, { name: "contract-requests", fastify: "5.x" });
