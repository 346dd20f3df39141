/**
 * The "− n +" control of a ticket count, in the ticket picker and in the cart: a labelled
 * group of two round buttons around the count, which is read out when it changes.
 */
import type React from "react";
import { formatNumber } from "../core/format";
import { usePageLanguage } from "../kernel/site-context";
import * as styles from "./stepper.module.css";

export interface StepperProps {
  count: number;
  /** the group's name ("Tickets for Jazz night") and each button's */
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  onDecrease: () => void;
  onIncrease: () => void;
  canDecrease: boolean;
  canIncrease: boolean;
  /** the test id of the count */
  countTestId: string;
  /** the picker's signs are drawn a little larger than the cart's */
  large?: boolean;
}

export function Stepper({
  count,
  label,
  decreaseLabel,
  increaseLabel,
  onDecrease,
  onIncrease,
  canDecrease,
  canIncrease,
  countTestId,
  large = false,
}: StepperProps): React.JSX.Element {
  const lang = usePageLanguage();
  return (
    <div className={large ? `${styles.stepper} ${styles.large}` : styles.stepper} role="group" aria-label={label}>
      <button type="button" onClick={onDecrease} disabled={!canDecrease} data-step="down" aria-label={decreaseLabel}>
        −
      </button>
      <output aria-live="polite" data-testid={countTestId}>
        {formatNumber(count, lang)}
      </output>
      <button type="button" onClick={onIncrease} disabled={!canIncrease} data-step="up" aria-label={increaseLabel}>
        +
      </button>
    </div>
  );
}
