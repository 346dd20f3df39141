/**
 * What a module of the other runtime resolves to (tsconfig.site.json maps Node's built-ins
 * here, tsconfig.node.json maps React): nothing, so using it does not compile. Gatsby's and
 * sharp's own types load Node's types into the site's program, so leaving them out of
 * "types" alone would not stop a template from importing node:fs.
 */
export {};
