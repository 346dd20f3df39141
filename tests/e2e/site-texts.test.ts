/**
 * The built HTML of every page in every language has each text translated: a key of
 * locales/ shown as such ("event.buyTickets") means the page's query does not load the
 * namespace the text is in. Each template loads only the namespaces it needs (the
 * catalogue pages common and pages, the order pages forms as well), so this reads every
 * index.html the build wrote, not a sample.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { untranslatedKeys } from "./support/site";

const PUBLIC_DIR = join(__dirname, "..", "..", "public");

function htmlFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!["page-data", "static", "_gatsby", "ics", "~partytown"].includes(entry.name)) htmlFiles(path, out);
    } else if (entry.name.endsWith(".html")) out.push(path);
  }
  return out;
}

/** What a reader or a screen reader meets: text outside scripts and styles, and the labelling attributes. */
function readable(html: string): string {
  const withoutCode = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ");
  const attributes = [...withoutCode.matchAll(/\s(?:aria-label|title|alt|placeholder|content)="([^"]*)"/g)].map(
    (m) => m[1],
  );
  return [withoutCode.replace(/<[^>]+>/g, " "), ...attributes].join("\n");
}

describe("texts of the built pages", () => {
  it("no page shows a translation key instead of its text", {
    skip: !existsSync(PUBLIC_DIR) && "no public/: build the site first",
  }, () => {
    const files = htmlFiles(PUBLIC_DIR);
    assert.ok(files.length > 300, `only ${files.length} pages in public/`);
    const found = files.flatMap((file) =>
      untranslatedKeys(readable(readFileSync(file, "utf8"))).map((key) => `${file.slice(PUBLIC_DIR.length)}: ${key}`),
    );
    assert.deepEqual(found, []);
  });

  it("finds a key left untranslated, in text and in labels, and nothing else", () => {
    assert.deepEqual(
      untranslatedKeys(
        readable('<p class="nav.events">Write to support@uaetickets.ae, 1.5 km away</p><script>nav.events</script>'),
      ),
      [],
    );
    assert.deepEqual(untranslatedKeys(readable('<h2>nav.events</h2><a aria-label="basket.link" href="/cart/">')), [
      "nav.events",
      "basket.link",
    ]);
  });
});
