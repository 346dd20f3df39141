/**
 * The picker's CSS travels with the picker (only event pages have one) instead of going
 * into the stylesheet Gatsby inlines into every page. Classes carry a `tp-` prefix in
 * place of a module's scoping.
 */
export const PICKER_CSS = `
.tp { display: grid; gap: 16px; }
.tp-closed { padding: 16px; border-radius: var(--radius); background: var(--surface); margin: 0; }
.tp-closed p { margin-block-end: 8px; }
.tp-skeleton { min-block-size: 180px; border-radius: var(--radius); background: var(--surface); }
.tp-sessions { border: 0; padding: 0; margin: 0; }
.tp-sessions legend { font-weight: 600; margin-block-end: 8px; padding: 0; }
.tp-session-list { display: flex; flex-wrap: wrap; gap: 8px; }
.tp-session { display: inline-flex; align-items: center; gap: 8px; min-block-size: 44px; padding-inline: 14px;
  border: 1px solid var(--line); border-radius: 999px; cursor: pointer; }
.tp-session:has(input:checked) { border-color: var(--accent); background: var(--accent-soft); }
.tp-one-session { margin: 0; font-weight: 600; }
.tp-offers { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.tp-offer { display: grid; grid-template-columns: minmax(0, 1fr) auto; align-items: center; gap: 4px 12px;
  padding: 12px 16px; border: 1px solid var(--line); border-radius: var(--radius); }
.tp-limit { grid-column: 1 / -1; }
.tp-offer[data-sold-out] { background: var(--surface); color: var(--muted); }
.tp-offer-info { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 12px; min-inline-size: 0; }
.tp-offer-title { font-weight: 600; }
.tp-offer-price { font-weight: 700; }
.tp-offer-fee, .tp-held, .tp-limit { color: var(--muted); font-size: 0.875rem; }
.tp-badge { font-size: 0.8rem; font-weight: 600; color: var(--warn); }
.tp-badge-out { color: var(--danger); }
.tp-stepper { display: inline-flex; align-items: center; gap: 4px; }
.tp-stepper button { inline-size: 44px; block-size: 44px; border-radius: 999px; border: 1px solid var(--line);
  background: var(--bg); color: var(--ink); font: inherit; font-size: 1.25rem; cursor: pointer; }
.tp-stepper button:disabled { opacity: 0.4; cursor: not-allowed; }
.tp-stepper output { min-inline-size: 2.5ch; text-align: center; font-weight: 700; font-variant-numeric: tabular-nums; }
.tp-footer { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 12px; }
.tp-total { display: flex; gap: 12px; align-items: baseline; }
`;
