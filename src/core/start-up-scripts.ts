/**
 * Which of webpack's chunk groups a page runs before it is interactive, and the line those
 * scripts begin with. Shared by the build (gatsby-node.ts puts the line there) and the budgets
 * test (which checks it is there, and nowhere else).
 */

/** Chrome's explicit compile hint (Chrome 136 and later): compile every function while the script downloads. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** The app's entry, a page template, or the date locale a Russian or Arabic page hydrates with. */
export function isStartupChunkGroup(name: string | null | undefined): boolean {
  return /^(app$|component---|date-locale-)/.test(name ?? "");
}
