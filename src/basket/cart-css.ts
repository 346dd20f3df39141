/**
 * The cart page's CSS, put in its <head> by the template's Head (only this page needs it;
 * Gatsby would otherwise inline it into every page). Classes carry a `cart-` prefix.
 */
export const CART_CSS = `
.cart-page { padding-block: 24px 48px; }
.cart-grid { display: grid; gap: 24px; align-items: start; }
@media (min-width: 900px) { .cart-grid { grid-template-columns: minmax(0, 1fr) minmax(280px, 360px); gap: 40px; } }
.cart-events { display: grid; gap: 16px; }
.cart-event { border: 1px solid var(--line); border-radius: var(--radius); padding: 16px; }
.cart-event-head { display: flex; justify-content: space-between; align-items: start; gap: 12px; flex-wrap: wrap; }
.cart-event-head h2 { font-size: 1.15rem; margin: 0 0 4px; }
.cart-event-head h2 a { color: var(--ink); text-decoration: none; }
.cart-event-head h2 a:hover { text-decoration: underline; }
.cart-meta { color: var(--muted); font-size: 0.9rem; margin: 0; }
.cart-link-btn { background: none; border: 0; padding: 8px 4px; min-block-size: 44px; color: var(--accent);
  font: inherit; font-size: 0.9rem; text-decoration: underline; text-underline-offset: 0.15em; cursor: pointer; }
.cart-link-btn:hover { color: var(--accent-strong); }
.cart-tickets { list-style: none; margin: 12px 0 0; padding: 0; }
.cart-ticket { display: grid; gap: 8px 16px; align-items: center; padding-block: 12px; border-block-start: 1px solid var(--line); }
@media (min-width: 600px) { .cart-ticket { grid-template-columns: minmax(0, 1fr) auto; } }
.cart-ticket-info { display: grid; gap: 2px; min-inline-size: 0; }
.cart-ticket-info strong { font-weight: 600; }
.cart-ticket-info span { color: var(--muted); font-size: 0.875rem; }
.cart-ticket-actions { display: flex; align-items: center; gap: 8px 12px; flex-wrap: wrap; justify-content: space-between; }
@media (min-width: 600px) { .cart-ticket-actions { justify-content: end; } }
.cart-line-total { font-weight: 700; min-inline-size: 6em; text-align: end; font-variant-numeric: tabular-nums; }
.cart-stepper { display: inline-flex; align-items: center; gap: 4px; }
.cart-stepper button { inline-size: 44px; block-size: 44px; border-radius: 999px; border: 1px solid var(--line);
  background: var(--bg); color: var(--ink); font: inherit; font-size: 1.2rem; cursor: pointer; }
.cart-stepper button:disabled { opacity: 0.4; cursor: not-allowed; }
.cart-stepper output { min-inline-size: 2.5ch; text-align: center; font-weight: 700; font-variant-numeric: tabular-nums; }
.cart-subtotal { display: flex; justify-content: space-between; gap: 12px; padding-block-start: 12px;
  border-block-start: 1px solid var(--line); font-weight: 600; }
.cart-summary { border-radius: var(--radius); padding: 20px; background: var(--surface); display: grid; gap: 12px; }
@media (min-width: 900px) { .cart-summary { position: sticky; inset-block-start: calc(var(--header-h) + 16px); } }
.cart-summary h2 { font-size: 1.2rem; margin: 0; }
.cart-totals { margin: 0; display: grid; grid-template-columns: 1fr auto; gap: 6px 12px; }
.cart-totals dt { color: var(--muted); }
.cart-totals dd { margin: 0; text-align: end; font-variant-numeric: tabular-nums; }
.cart-totals .cart-grand { font-size: 1.2rem; font-weight: 700; color: var(--ink); padding-block-start: 8px;
  border-block-start: 1px solid var(--line); }
.cart-hold { margin: 0; padding: 8px 12px; border-radius: 8px; background: var(--accent-soft); font-weight: 600; }
.cart-hold time { font-variant-numeric: tabular-nums; }
.cart-hold-over { background: #fff4e5; color: var(--warn); }
.cart-summary .btn { inline-size: 100%; }
.cart-note { color: var(--muted); font-size: 0.875rem; margin: 0; }
.cart-skeleton { min-block-size: 240px; border-radius: var(--radius); background: var(--surface); }
.cart-alert { padding: 16px; border-radius: var(--radius); background: #fdecea; color: var(--danger); }
.cart-alert p { margin-block-end: 8px; }
.cart-empty { display: grid; justify-items: center; gap: 8px; padding: 48px 16px; text-align: center;
  border: 1px dashed var(--line); border-radius: var(--radius); }
.cart-empty h2 { margin: 0; }
.cart-empty p { color: var(--muted); margin: 0 0 8px; }
`;
