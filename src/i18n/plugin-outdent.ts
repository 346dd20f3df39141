/**
 * The one use of `outdent` in gatsby-plugin-react-i18next's browser code: the wording of its
 * console error for a page without translations. gatsby-node.ts points it here, so the library
 * stays out of every page's start-up JavaScript; the message keeps its text, with its indentation.
 */
export default function outdent(strings: TemplateStringsArray, ...values: unknown[]): string {
  return String.raw({ raw: strings }, ...values);
}
