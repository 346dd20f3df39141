/**
 * A failed publish in an editor's words: which catalogue address and field were wrong, what
 * the verification gate refused and why, or that the catalogue did not answer; and what to
 * do next. Works on the one-line error `npm run publish` ends with ("publish: failed: ...").
 */
import type { TFunction } from "i18next";

/** Values go into texts unescaped ({{- value}}), so they are escaped here, Latin runs isolated. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
const bdi = (text: string) => `<bdi>${escapeHtml(text)}</bdi>`;

export type FailureKind = "catalogueRecord" | "catalogueDown" | "drop" | "gate" | "other";

export interface Explained {
  kind: FailureKind;
  /** what went wrong (HTML-safe) */
  what: string;
  /** what to do (HTML-safe) */
  todo: string;
  /** a forced publish would get it through (the gate refused a drop in pages) */
  canForce: boolean;
}

const KIND_OF_PATH: Record<string, string> = {
  events: "events",
  places: "places",
  persons: "persons",
  news: "news",
};

/** The parts of a contract violation: "Malformed answer from <url>: /results/3/started_at must be string". */
export function parseMalformed(
  error: string,
): { url: string; kind: string; lang: string; page: string; record: number; field: string; rule: string } | null {
  const m = /Malformed answer from (\S+?):? (\/\S*) (.+?)(?:;|$)/.exec(error);
  if (!m) return null;
  const [, url = "", pointer = "", rule = ""] = m;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const segments = parsed.pathname.split("/").filter(Boolean);
  const kind = KIND_OF_PATH[segments.find((s) => s in KIND_OF_PATH) ?? ""] ?? "other";
  const parts = pointer.split("/").filter(Boolean);
  const index = parts[0] === "results" && /^\d+$/.test(parts[1] ?? "") ? Number(parts[1]) : -1;
  const field = (index >= 0 ? parts.slice(2) : parts).join(".") || pointer;
  return {
    url,
    kind,
    lang: parsed.searchParams.get("lang") ?? "en",
    page: parsed.searchParams.get("page") ?? "1",
    record: index >= 0 ? index + 1 : 1,
    field,
    rule: rule.trim(),
  };
}

export function explainFailure(error: string, t: TFunction): Explained {
  const malformed = parseMalformed(error);
  if (malformed) {
    const field = malformed.field;
    return {
      kind: "catalogueRecord",
      what: t("failure.catalogueRecord", {
        kind: t(`kinds.${malformed.kind}`),
        lang: t(`languages.${malformed.lang}`, { defaultValue: escapeHtml(malformed.lang) }),
        page: malformed.page,
        record: malformed.record,
        field: bdi(field),
        rule: bdi(malformed.rule),
      }),
      todo: t("failure.catalogueRecordTodo", { field: bdi(field) }),
      canForce: false,
    };
  }
  const drop = /(\w+) pages would drop from (\d+) to (\d+) \((\d+) % lost/.exec(error);
  if (drop) {
    const [, kind = "page", before, after, percent] = drop;
    return {
      kind: "drop",
      what: t("failure.drop", { kind: t(`kinds.${kind}`, { defaultValue: kind }), before, after, percent }),
      todo: t("failure.dropTodo"),
      canForce: true,
    };
  }
  const refused = /verification refused release \d+: (.+)$/.exec(error);
  if (refused) {
    return {
      kind: "gate",
      what: t("failure.gate", { detail: bdi(refused[1] ?? "") }),
      todo: t("failure.gateTodo"),
      canForce: false,
    };
  }
  if (
    /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|timed? ?out|socket hang up|HTTP 5\d\d|status code 5\d\d|Network Error/i.test(
      error,
    )
  ) {
    const detail = /(https?:\/\/\S+)/.exec(error)?.[1] ?? error.replace(/^the build failed \([^)]*\):?\s*/, "");
    return {
      kind: "catalogueDown",
      what: t("failure.catalogueDown", { detail: bdi(detail.slice(0, 200)) }),
      todo: t("failure.catalogueDownTodo"),
      canForce: false,
    };
  }
  return {
    kind: "other",
    what: t("failure.other", { detail: bdi(error.slice(0, 400)) }),
    todo: t("failure.otherTodo"),
    canForce: false,
  };
}
