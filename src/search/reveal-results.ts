/**
 * After the visitor asks for a search (Enter in the search page's text box, or the header box
 * handing its text to the page), the results' count must be in view. On a phone the filters
 * fill the first screen, so the page scrolls to the results and the on-screen keyboard, which
 * would cover them, is put away; where the results are already in view (a wide screen, where
 * they sit beside the filters) nothing moves.
 */

/** Room for the count line: the top of the results is "in view" only with this much below it. */
const COUNT_LINE_PX = 48;

export function revealResults(section: HTMLElement | null): void {
  if (!section) return;
  const { top } = section.getBoundingClientRect();
  // the sticky header covers the top of the viewport: the page's scroll-padding says how much
  const covered = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingBlockStart) || 0;
  if (top >= covered && top + COUNT_LINE_PX <= window.innerHeight) return;
  const focused = document.activeElement;
  if (focused instanceof HTMLInputElement) focused.blur();
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
}
