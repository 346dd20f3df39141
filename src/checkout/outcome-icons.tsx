/** The status marks of the outcome pages: inline SVG, decorative (the heading says it). */
import type React from "react";
import * as styles from "./checkout.module.css";

/** A ringed disc with one stroke drawn over it, in the colours of its outcome. */
function Mark({ d, fill, ink }: { d: string; fill: string; ink: string }): React.JSX.Element {
  return (
    <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill={fill} stroke={ink} strokeWidth="3" />
      <path d={d} fill="none" stroke={ink} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A tick. */
export const SuccessMark = () => <Mark d="M14 25l7 7 13-15" fill="#e8f5ec" ink="#1b6e3a" />;

/** A cross (two strokes, so no joins to round). */
export const FailMark = () => <Mark d="M17 17l14 14M31 17L17 31" fill="#fdecea" ink="#b3261e" />;

/** A clock's hands. */
export const PendingMark = () => <Mark d="M24 12v13l8 5" fill="#f5f5f8" ink="#555566" />;
