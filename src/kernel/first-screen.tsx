/**
 * Where a page's first screenful ends, for the browser's first paint (issue 18: no layout
 * shift). Every page's head holds `<link rel="expect" href="#first-screen-end"
 * blocking="render">` (gatsby-ssr.tsx): the browser paints nothing before this element is
 * parsed. Without it, a phone painted whatever the parser had reached when it yielded (half
 * a hero, a row of buttons with the rest still to come, a bar at the screen's bottom before
 * its second line), and each element the parser added moved the ones painted before it.
 *
 * Most pages are short: the layout puts the marker after the footer. A long page (home, the
 * events list) puts it after what a phone's first screen shows and tells the layout so
 * (`marksFirstScreen`): painting then waits for 10-20 KB of HTML, not 60-75 KB.
 */
import type React from "react";

export const FIRST_SCREEN_END_ID = "first-screen-end";

/** The marker itself: hidden, so it is no grid or flex item and takes no gap. A plain element, no component. */
export function firstScreenEnd(): React.JSX.Element {
  return <span id={FIRST_SCREEN_END_ID} hidden />;
}
