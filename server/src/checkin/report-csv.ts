import type { Report } from "./contract";

const cell = (value: string | number): string => {
  const text = String(value);
  // a cell starting with = + - @ would be a formula in a spreadsheet: quoted and prefixed
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * A report as CSV, one section per kind of row (a spreadsheet filters on the first column):
 * category totals, admissions per hour and category, refusals by reason, conflicts.
 */
export function reportCsv(report: Report): string {
  const rows: Array<Array<string | number>> = [["section", "key", "category", "admitted", "expected", "detail"]];
  for (const l of report.lists)
    rows.push([
      "list",
      l.id,
      l.name,
      l.counts.admitted,
      l.counts.expected,
      `event ${l.event_id}${l.closed ? ", closed" : ""}`,
    ]);
  for (const c of report.categories) rows.push(["category", c.category_id, c.category, c.admitted, c.expected, ""]);
  const titles = new Map(report.categories.map((c) => [c.category_id, c.category]));
  for (const t of report.timeline) rows.push(["hour", t.hour, titles.get(t.category_id) ?? "", t.admitted, "", ""]);
  for (const [reason, count] of Object.entries(report.refused)) rows.push(["refused", reason, "", "", "", count]);
  for (const c of report.conflicts)
    rows.push([
      "conflict",
      c.code,
      c.category,
      "",
      "",
      `${c.name}: ${c.first.list}/${c.first.device} ${c.first.at}; ${c.second.list}/${c.second.device} ${c.second.at}`,
    ]);
  return `${rows.map((r) => r.map(cell).join(",")).join("\r\n")}\r\n`;
}
