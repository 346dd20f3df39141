/**
 * The line every script webpack writes for the browser begins with. Shared by the build
 * (gatsby-node.ts puts the line there) and the budgets test (which checks it is there).
 */

/** Chrome's explicit compile hint (Chrome 136 and later): compile every function while the script downloads. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";
