import type { Db } from "../db/database";
import { i18n } from "../lib/i18n";

/** Editors' HTML that must never execute on the site, next to rich text that must survive. */
export const HOSTILE_HTML =
  "<p><strong>bold</strong> text that must survive.</p>" +
  "<script>window.__xss=1</script>" +
  '<img src=x onerror="window.__xss=2">' +
  '<a href="javascript:window.__xss=3">click</a>' +
  '<iframe src="javascript:window.__xss=4"></iframe>';

/** Plain text (a title) that the site must escape, not interpret. */
export const HOSTILE_TITLE = "<img src=x onerror=window.__xss=5> Hostile title";

export const HOSTILE_TARGETS = { descriptionEventId: 1, titleEventId: 2, newsId: 1, personId: 1 } as const;

const everyLanguage = (text: string) => i18n({ en: text, ru: text, ar: text });

/**
 * Rewrites a few records of an existing database with hostile content for the site's
 * security tests. A running server notices the change within a second.
 */
export async function plantHostile(db: Db, now = Date.now()): Promise<void> {
  const t = HOSTILE_TARGETS;
  await db.withTransaction(async () => {
    await db.run("UPDATE events SET description = ?, updated_at = ? WHERE id = ?", [
      everyLanguage(HOSTILE_HTML),
      now,
      t.descriptionEventId,
    ]);
    await db.run("UPDATE events SET title = ?, updated_at = ? WHERE id = ?", [
      everyLanguage(HOSTILE_TITLE),
      now,
      t.titleEventId,
    ]);
    await db.run("UPDATE news SET body = ?, updated_at = ? WHERE id = ?", [everyLanguage(HOSTILE_HTML), now, t.newsId]);
    await db.run("UPDATE persons SET description = ?, updated_at = ? WHERE id = ?", [
      everyLanguage(HOSTILE_HTML),
      now,
      t.personId,
    ]);
  });
}
