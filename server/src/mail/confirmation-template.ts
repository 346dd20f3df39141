/**
 * The order e-mail's layout, written in MJML and compiled to responsive HTML once per
 * language (lazily, then cached): columns that stack on a phone, tables mail clients
 * understand, styles inlined. The compiled HTML holds `%%slot%%` places and
 * `<!--block:name-->…<!--/block:name-->` sections; `renderConfirmation` repeats each
 * section once per record given for it (a ticket, say, or none) and fills the places in one
 * pass over the template, so nothing a value contains is ever read as a place.
 *
 * Every value is HTML already: the composer escapes what it puts in.
 */
import mjml2html from "mjml";
import type { Lang } from "../lib/i18n";

export type Slots = Record<string, string>;

/** The sections that may appear any number of times (none included), in the layout's order. */
export type BlockName = "greeting" | "instructions" | "ticket" | "prices" | "links";

type Part = { kind: "text"; text: string } | { kind: "block"; name: BlockName; text: string };

export interface CompiledTemplate {
  parts: Part[];
}

const BRAND = "#c2185b";
const MUTED = "#555555";

const block = (name: BlockName, body: string) =>
  `<mj-raw><!--block:${name}--></mj-raw>${body}<mj-raw><!--/block:${name}--></mj-raw>`;

/** A block shown as one column in a white section with a rule above it (the prices, the links). */
const ruledColumnBlock = (name: BlockName, padding: string, column: string) =>
  block(
    name,
    `<mj-section background-color="#ffffff" border-top="1px solid #dddddd" padding="${padding}">
        <mj-column>
          ${column}
        </mj-column>
      </mj-section>`,
  );

/** The MJML of the layout for one writing direction. */
export function confirmationMjml(lang: Lang): string {
  const dir = lang === "ar" ? "rtl" : "ltr";
  const start = dir === "rtl" ? "right" : "left";
  return `<mjml lang="${lang}" dir="${dir}">
  <mj-head>
    <mj-title>%%title%%</mj-title>
    <mj-preview>%%preview%%</mj-preview>
    <mj-attributes>
      <mj-all font-family="system-ui, -apple-system, 'Segoe UI', Tahoma, Arial, sans-serif" />
      <mj-section direction="${dir}" padding="0" />
      <mj-column direction="${dir}" />
      <mj-text align="${start}" font-size="15px" line-height="1.5" color="#111111" padding="6px 20px" />
      <mj-table align="${start}" font-size="15px" line-height="1.5" color="#111111" padding="6px 20px" />
      <mj-button align="${start}" background-color="${BRAND}" color="#ffffff" font-size="15px" border-radius="6px" padding="10px 20px" />
    </mj-attributes>
    <mj-style>
      bdi, .iso { unicode-bidi: isolate; }
      .nowrap { white-space: nowrap; }
      .label { display: block; color: ${MUTED}; font-size: 13px; }
      .value { display: block; font-weight: 600; overflow-wrap: anywhere; }
    </mj-style>
  </mj-head>
  <mj-body width="600px" background-color="#f4f4f5">
    <mj-section padding="16px 0 0">
      <mj-column>
        <mj-text font-size="20px" font-weight="700" padding="12px 20px"
          ><span style="display:inline-block;width:32px;height:32px;line-height:32px;border-radius:8px;background:${BRAND};color:#ffffff;text-align:center;font-size:20px;vertical-align:middle" aria-hidden="true">&#9733;</span>&nbsp;<span style="vertical-align:middle">%%shopName%%</span></mj-text
        >
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="8px 0">
      <mj-column>
        ${block("greeting", "<mj-text>%%greeting%%</mj-text>")}
        <mj-text>%%intro%%</mj-text>
        <mj-text>%%summary%%</mj-text>
      </mj-column>
    </mj-section>
    ${block(
      "instructions",
      `<mj-section background-color="#ffffff" padding="0 0 8px"><mj-column><mj-text>%%instructions%%</mj-text></mj-column></mj-section>`,
    )}
    ${block(
      "ticket",
      `<mj-section background-color="#ffffff" border-top="1px solid #dddddd" padding="12px 0">
        <mj-column width="40%" vertical-align="top">
          <mj-image src="cid:%%cid%%" alt="%%qrAlt%%" width="180px" height="180px" padding="8px 20px" />
          <mj-text align="center" font-family="ui-monospace, Menlo, Consolas, monospace" font-size="17px" font-weight="700">%%code%%</mj-text>
        </mj-column>
        <mj-column width="60%" vertical-align="top">
          <mj-text font-size="13px" color="${MUTED}" padding="6px 20px 0">%%heading%%</mj-text>
          <mj-text>%%details%%</mj-text>
        </mj-column>
      </mj-section>`,
    )}
    ${ruledColumnBlock(
      "prices",
      "8px 0",
      `<mj-text font-weight="700" padding="6px 20px 0">%%pricesHeading%%</mj-text>
          <mj-table width="100%" table-layout="auto">%%priceRows%%</mj-table>`,
    )}
    ${ruledColumnBlock(
      "links",
      "8px 0 12px",
      `<mj-button href="%%primaryHref%%">%%primaryLabel%%</mj-button>
          <mj-text>%%links%%</mj-text>`,
    )}
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text font-size="13px" color="${MUTED}">%%footer%%</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

const BLOCK_RE = /<!--block:(\w+)-->([\s\S]*?)<!--\/block:\1-->/g;

/** Splits compiled HTML into plain stretches and repeatable sections. */
export function splitTemplate(html: string): CompiledTemplate {
  const parts: Part[] = [];
  let last = 0;
  for (const match of html.matchAll(BLOCK_RE)) {
    parts.push({ kind: "text", text: html.slice(last, match.index) });
    parts.push({ kind: "block", name: match[1] as BlockName, text: match[2] as string });
    last = (match.index ?? 0) + match[0].length;
  }
  parts.push({ kind: "text", text: html.slice(last) });
  return { parts };
}

const cache = new Map<Lang, Promise<CompiledTemplate>>();

/** The compiled layout for `lang`: compiled on first use, then the same promise every time. */
export function confirmationTemplate(lang: Lang): Promise<CompiledTemplate> {
  let compiled = cache.get(lang);
  if (!compiled) {
    compiled = (async () => {
      // mjml 5 compiles asynchronously; "strict" fails loudly on a layout mistake
      const result = await mjml2html(confirmationMjml(lang), { validationLevel: "strict" });
      return splitTemplate(result.html);
    })();
    // a failed compilation is not kept: the next e-mail tries again
    compiled.catch(() => cache.delete(lang));
    cache.set(lang, compiled);
  }
  return compiled;
}

/** Fills `%%slot%%` places in one pass; a place without a value is a programming error. */
function fillSlots(text: string, slots: Slots): string {
  return text.replace(/%%(\w+)%%/g, (_, key: string) => {
    const value = slots[key];
    if (value === undefined) throw new Error(`e-mail template: no value for %%${key}%%`);
    return value;
  });
}

/**
 * The e-mail's HTML: the plain stretches filled from `slots`, each section repeated once per
 * record in `blocks` (its own places first, then `slots`); a section without records is left out.
 */
export function renderConfirmation(
  template: CompiledTemplate,
  slots: Slots,
  blocks: Partial<Record<BlockName, Slots[]>>,
): string {
  return template.parts
    .map((part) =>
      part.kind === "text"
        ? fillSlots(part.text, slots)
        : (blocks[part.name] ?? []).map((record) => fillSlots(part.text, { ...slots, ...record })).join(""),
    )
    .join("");
}
