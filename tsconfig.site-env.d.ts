/**
 * For the site's type check only (tsconfig.site.json): webpack replaces each
 * `process.env.GATSBY_X` in the site's code by the value inlined at build time.
 */
declare const process: { readonly env: Readonly<Record<string, string | undefined>> };
