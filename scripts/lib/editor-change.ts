/**
 * An editor's change to the local server's catalogue, for the publishing test and benchmark:
 * written straight into the server's database (the server has no editing API; it reloads its
 * catalogue when another connection changes the file), then awaited until the server answers it.
 */
import Database from "better-sqlite3";

/** Sets the English title of event `id` in the database `file`. */
export function changeEventTitle(file: string, id: number, title: string): void {
  const db = new Database(file);
  try {
    db.prepare("UPDATE events SET title = json_set(title, '$.en', ?), updated_at = ? WHERE id = ?").run(
      title,
      Date.now(),
      id,
    );
  } finally {
    db.close();
  }
}

/** Resolves once the server at `apiUrl` lists event `id` with the English `title`. */
export async function waitForServedTitle(apiUrl: string, id: number, title: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${apiUrl}/v1/events?lang=en&date_type=all&id_in=${id}`).catch(() => null);
    const page = res?.ok ? ((await res.json()) as { results: Array<{ id: number; title: string }> }) : null;
    if (page?.results.some((e) => e.id === id && e.title === title)) return;
    if (Date.now() > deadline)
      throw new Error(
        `the server at ${apiUrl} did not answer event ${id}'s title "${title}" within ${timeoutMs / 1000} s`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}
