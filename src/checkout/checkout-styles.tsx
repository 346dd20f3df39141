/**
 * The CSS of the checkout and order pages, put in their <head> by each template's Head.
 *
 * Gatsby bundles every imported stylesheet (CSS modules included) into one file that is
 * inlined into EVERY page; these rules are needed only on the few order pages, so they
 * travel with those pages instead. Class names carry a `co-` prefix in place of the
 * scoping a module would give.
 */
import React from "react";

const CSS = `
.co-page { padding-block: 24px 48px; }
.co-page h1 { margin-block-end: 8px; }
.co-lead { color: var(--muted); margin-block-end: 24px; }
.co-grid { display: grid; gap: 24px; align-items: start; }
@media (min-width: 900px) { .co-grid { grid-template-columns: minmax(0, 1fr) minmax(300px, 380px); gap: 40px; } }
.co-card { border: 1px solid var(--line); border-radius: var(--radius); padding: 20px; background: var(--bg); }
.co-summary { background: var(--surface); border-color: transparent; }
@media (min-width: 900px) { .co-summary { position: sticky; inset-block-start: calc(var(--header-h) + 16px); } }
.co-summary h2 { font-size: 1.2rem; }
.co-event { padding-block: 12px; border-block-end: 1px solid var(--line); }
.co-event:first-of-type { padding-block-start: 0; }
.co-event h3 { font-size: 1rem; margin-block-end: 2px; }
.co-event-meta { color: var(--muted); font-size: 0.9rem; margin: 0 0 6px; }
.co-lines { list-style: none; margin: 0; padding: 0; }
.co-line { display: flex; justify-content: space-between; gap: 12px; font-size: 0.95rem; padding-block: 2px; }
.co-line small { color: var(--muted); display: block; }
.co-totals { margin: 12px 0 0; display: grid; grid-template-columns: 1fr auto; gap: 4px 0; }
.co-totals dt { color: var(--muted); }
.co-totals dd { margin: 0; text-align: end; padding-inline-start: 12px; }
.co-totals .co-grand { font-weight: 700; font-size: 1.15rem; color: var(--ink); padding-block-start: 8px; border-block-start: 1px solid var(--line); }
.co-form fieldset { border: 0; padding: 0; margin: 0 0 24px; min-inline-size: 0; }
.co-form legend { font-weight: 700; font-size: 1.15rem; margin-block-end: 12px; padding: 0; }
.co-field { margin-block-end: 16px; }
.co-field label { display: block; font-weight: 600; margin-block-end: 4px; }
.co-field input { display: block; inline-size: 100%; min-block-size: 44px; padding: 10px 12px; font: inherit;
  border: 1px solid #8a8a99; border-radius: 8px; background: var(--bg); color: var(--ink); }
.co-field input[aria-invalid="true"] { border-color: var(--danger); border-width: 2px; }
.co-ltr { direction: ltr; text-align: start; }
:root[dir="rtl"] .co-ltr { text-align: end; }
.co-hint { color: var(--muted); font-size: 0.9rem; margin: 4px 0 0; }
.co-error { color: var(--danger); font-size: 0.95rem; font-weight: 600; margin: 4px 0 0; }
.co-alert { border-radius: var(--radius); padding: 14px 16px; margin-block-end: 20px; border: 1px solid; }
.co-alert p:last-child { margin-block-end: 0; }
.co-alert-error { border-color: var(--danger); background: #fdecea; color: #5f1410; }
.co-alert-ok { border-color: var(--ok); background: #e8f5ec; color: #0f3d20; }
.co-alert-info { border-color: var(--line); background: var(--surface); }
.co-ways { display: grid; gap: 10px; }
.co-way { display: flex; gap: 12px; align-items: flex-start; padding: 12px 14px; min-block-size: 44px;
  border: 1px solid var(--line); border-radius: 10px; cursor: pointer; }
.co-way:has(input:checked) { border-color: var(--accent); box-shadow: 0 0 0 1px var(--accent); background: var(--accent-soft); }
.co-way input { inline-size: 20px; block-size: 20px; margin-block-start: 2px; accent-color: var(--accent); flex: none; }
.co-way-text { display: grid; gap: 2px; }
.co-way-text > span { color: var(--muted); font-size: 0.9rem; }
.co-consent { font-size: 0.9rem; color: var(--muted); }
.co-actions { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin-block: 16px; }
.co-submit { min-inline-size: 200px; }
.co-total-line { margin: 0; flex-basis: 100%; font-size: 1.05rem; }
.co-status { display: inline-block; padding: 2px 10px; border-radius: 999px; font-size: 0.85rem; font-weight: 600; background: var(--surface); }
.co-status-paid { background: #e8f5ec; color: var(--ok); }
.co-status-failed, .co-status-cancelled { background: #fdecea; color: var(--danger); }
.co-meta { display: grid; grid-template-columns: auto 1fr; gap: 4px 16px; margin: 0 0 20px; }
.co-meta dt { color: var(--muted); }
.co-meta dd { margin: 0; }
.co-mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
.co-codes { margin: 0 0 12px; padding: 14px 16px; list-style: none; background: var(--ink); color: #fff; border-radius: 10px;
  font-size: 1.05rem; letter-spacing: 0.04em; direction: ltr; text-align: left; overflow-x: auto; }
.co-codes li { padding-block: 2px; }
.co-icon { inline-size: 48px; block-size: 48px; margin-block-end: 8px; }
.co-next { padding-inline-start: 1.2em; }
.co-next li { margin-block-end: 6px; }
.co-links { display: flex; flex-wrap: wrap; gap: 12px; list-style: none; padding: 0; margin: 16px 0 0; }
.co-skeleton { min-block-size: 240px; display: grid; place-items: center; color: var(--muted); }
.co-bill { max-inline-size: 820px; }
.co-table-wrap { overflow-x: auto; }
.co-bill table { inline-size: 100%; border-collapse: collapse; margin-block: 12px 16px; font-size: 0.95rem; }
.co-bill th, .co-bill td { padding: 8px 6px; border-block-end: 1px solid var(--line); text-align: start; vertical-align: top; }
.co-bill td.co-num, .co-bill th.co-num { text-align: end; white-space: nowrap; }
.co-bill tfoot td { font-weight: 700; border-block-end: 0; }
/* a phone has room for item, quantity and amount; unit price and fee are in the totals */
.co-bill .co-narrow { display: none; }
@media screen and (max-width: 599px) { .co-bill .co-wide { display: none; } .co-bill .co-narrow { display: table-cell; } }
.co-bill-head { display: flex; justify-content: space-between; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
@media print {
  header, footer, nav, .skip-link, .co-noprint, .Toastify { display: none !important; }
  body { color: #000; background: #fff; font-size: 11pt; }
  .co-page { padding: 0; }
  .co-bill { max-inline-size: none; }
  .co-table-wrap { overflow: visible; }
  .co-codes { background: #fff; color: #000; border: 1px solid #000; }
  a { color: #000; text-decoration: none; }
}
`;

export function CheckoutStyles(): React.JSX.Element {
  // As text children, React would escape the quotes and ">" of the selectors.
  return <style dangerouslySetInnerHTML={{ __html: CSS }} />;
}
