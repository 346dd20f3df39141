/**
 * Build-time check of every catalogue answer against contracts/catalogue.openapi.yaml
 * itself (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses). Node only: never import this
 * from browser code (ajv and yaml would land in the bundle).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { parse } from "yaml";
import type { AnswerValidator, CatalogueOperation } from "../clients/catalogue-transport";

// Gatsby compiles gatsby-node.ts (and what it imports) into .cache/compiled, so __dirname
// is no guide; builds and tests run from the project root.
const CONTRACT_PATH = path.resolve(process.cwd(), "contracts/catalogue.openapi.yaml");

const SCHEMA_ID = "catalogue.openapi";
const METHODS = ["get", "head", "options", "put", "delete", "post", "patch"] as const;

type Json = Record<string, unknown>;

function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** JSON pointer (inside the contract) of each operation's 200 JSON schema. */
function successSchemaPointers(doc: Json): Map<string, string> {
  const pointers = new Map<string, string>();
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const responses = ((doc.components as Json | undefined)?.responses ?? {}) as Record<string, Json>;
  for (const [route, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op || typeof op.operationId !== "string") continue;
      const ok = (op.responses as Record<string, Json> | undefined)?.["200"];
      if (!ok) continue;
      let base = `#/paths/${escapePointer(route)}/${method}/responses/200`;
      let response = ok;
      const ref = ok.$ref;
      if (typeof ref === "string" && ref.startsWith("#/components/responses/")) {
        const name = ref.slice("#/components/responses/".length);
        response = responses[name] ?? {};
        base = ref;
      }
      if ((response.content as Json | undefined)?.["application/json"]) {
        pointers.set(op.operationId, `${base}/content/application~1json/schema`);
      }
    }
  }
  return pointers;
}

function formatAjvErrors(errors: ErrorObject[] | null | undefined): string {
  if (!errors || errors.length === 0) return "does not match the contract";
  const lines = errors
    // "must match a schema in anyOf/oneOf" repeats what the detailed errors already say
    .filter((e, _i, all) => !(e.keyword === "oneOf" || e.keyword === "anyOf") || all.length === 1)
    .slice(0, 5)
    .map((e) => {
      const extra =
        e.keyword === "enum" ? ` (${(e.params as { allowedValues?: unknown[] }).allowedValues?.join(", ")})` : "";
      return `${e.instancePath || "/"} ${e.message ?? "is invalid"}${extra}`;
    });
  return lines.join("; ");
}

export function createContractValidator(contractPath: string = CONTRACT_PATH): AnswerValidator {
  const doc = parse(readFileSync(contractPath, "utf8")) as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  // the whole document as one schema resource, so "#/components/schemas/..." refs resolve
  ajv.addSchema({ ...doc, $id: SCHEMA_ID });
  const pointers = successSchemaPointers(doc);
  const compiled = new Map<string, ValidateFunction>();

  return (operation: CatalogueOperation, data: unknown) => {
    let validate = compiled.get(operation);
    if (!validate) {
      const pointer = pointers.get(operation);
      if (!pointer) throw new Error(`The contract ${contractPath} has no 200 JSON answer for operation ${operation}`);
      validate = ajv.compile({ $ref: `${SCHEMA_ID}${pointer}` });
      compiled.set(operation, validate);
    }
    return validate(data) ? null : formatAjvErrors(validate.errors);
  };
}
