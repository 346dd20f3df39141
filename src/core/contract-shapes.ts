/**
 * The shapes openapi-typescript spells out again for every path, operation and response of a
 * contract, said once. scripts/gen-types.ts writes src/core/generated/ in their terms; each
 * stands for exactly the type it replaces (tests/unit/scripts-gen-types.test.ts compares the
 * written types with openapi-typescript's own), so `paths[...]["get"]["responses"][200]` reads
 * as before.
 */

/** Re-lists an intersection's properties as one object type, modifiers kept. */
type Flat<T> = { [K in keyof T]: T[K] };

/** The parameters of an operation or a path that takes none. */
export interface NoParameters {
  query?: never;
  header?: never;
  path?: never;
  cookie?: never;
}

/** The kinds of parameter an operation takes; the kinds it does not take are never. */
export type Params<T> = Flat<T & Omit<NoParameters, keyof T>>;

type Method = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** A path: its operations by method, and never for every method it does not answer. */
export type PathItem<Operations, P = NoParameters> = Flat<
  { parameters: P } & Operations & { [M in Exclude<Method, keyof Operations>]?: never }
>;

/** A response with a JSON body. */
export interface Json<T> {
  headers: { [name: string]: unknown };
  content: { "application/json": T };
}

/** A response without a body. */
export interface NoContent {
  headers: { [name: string]: unknown };
  content?: never;
}

/** A JSON request body. */
export interface JsonBody<T> {
  content: { "application/json": T };
}
