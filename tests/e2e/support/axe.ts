/** Runs axe-core in a page and returns the serious and critical violations. */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

// Test files run as CommonJS under tsx, so require.resolve is at hand.
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * The serious and critical violations on the whole page, or inside the elements `within`
 * selects (say "main": a page's own content, when the header and footer have tests of their own).
 */
export async function seriousViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  // evaluated by the test harness, not added as an inline <script>: the site's
  // Content-Security-Policy rightly refuses inline scripts it has no hash for
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document | { include: string[][] },
            opts: object,
          ) => Promise<{
            violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(selector ? { include: [[selector]] } : document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
  }, within);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}
