/**
 * A small translator for Gatsby's `Head`, which renders outside the page's React tree and
 * so cannot use `useTranslation()`. It reads the same `allLocale` page query the page
 * itself gets, so titles and descriptions come from locales/ like everything else.
 */

export interface LocalesQueryData {
  locales: { edges: Array<{ node: { ns: string; data: string; language: string } }> };
}

export type HeadT = (key: string, values?: Record<string, string | number>) => string;

type Tree = { [key: string]: unknown };

/** Namespace order as on the page: common first, then the fallbacks. */
const NAMESPACE_ORDER = ["common", "pages", "forms"];

function lookup(tree: Tree, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

/**
 * Parsed namespaces by their JSON text: every page of a language carries the same text, so
 * a build parses each namespace once per language instead of once per page.
 */
const parsed = new Map<string, Tree>();
const PARSED_LIMIT = 32;

function parse(data: string): Tree {
  let tree = parsed.get(data);
  if (!tree) {
    tree = JSON.parse(data) as Tree;
    if (parsed.size >= PARSED_LIMIT) parsed.clear();
    parsed.set(data, tree);
  }
  return tree;
}

export function makeHeadT(data: LocalesQueryData | undefined | null): HeadT {
  const trees = (data?.locales.edges ?? [])
    .map(({ node }) => ({ ns: node.ns, tree: parse(node.data) }))
    .sort((a, b) => NAMESPACE_ORDER.indexOf(a.ns) - NAMESPACE_ORDER.indexOf(b.ns));
  return (key, values = {}) => {
    for (const { tree } of trees) {
      const found = lookup(tree, key);
      if (typeof found === "string") {
        return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
          name in values ? String(values[name]) : whole,
        );
      }
    }
    return key;
  };
}
