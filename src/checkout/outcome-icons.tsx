/** The status marks of the outcome pages: inline SVG, decorative (the heading says it). */
import type React from "react";
import * as styles from "./checkout.module.css";

export function SuccessMark(): React.JSX.Element {
  return (
    <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="#e8f5ec" stroke="#1b6e3a" strokeWidth="3" />
      <path
        d="M14 25l7 7 13-15"
        fill="none"
        stroke="#1b6e3a"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function FailMark(): React.JSX.Element {
  return (
    <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="#fdecea" stroke="#b3261e" strokeWidth="3" />
      <path d="M17 17l14 14M31 17L17 31" fill="none" stroke="#b3261e" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

export function PendingMark(): React.JSX.Element {
  return (
    <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="#f5f5f8" stroke="#555566" strokeWidth="3" />
      <path
        d="M24 12v13l8 5"
        fill="none"
        stroke="#555566"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
