/**
 * Talking to a running publisher (ops/publisher.ts) from outside: its status, and waiting
 * until the jobs started by a call have ended. The publishing test and `npm run bench:publish`
 * use it.
 */

export interface PublisherStatus {
  state: string;
  live: { release: string; createdAt: string | null; pages: number | null } | null;
  lastAttempt: {
    kind: string;
    reason: string;
    result: string;
    error: string | null;
    release: string | null;
    pages: number | null;
    seconds: number | null;
    startedAt: string;
    endedAt: string | null;
    steps: Partial<Record<"build" | "stage" | "verify" | "compress" | "switch", number>>;
    /** seconds the build spent reading the catalogue */
    readSeconds?: number;
    /** the records the build was told to read (null: the whole catalogue) */
    changes?: Array<{ kind: string; id?: number }> | null;
    /** when the new release went live (its switch; the compression follows) */
    liveAt?: string | null;
    /** a compression that failed after the switch (the release stayed live) */
    warning?: string | null;
    /** the publish's full output, on the publisher's machine */
    log?: string;
  } | null;
  pending: { requests: number } | null;
}

export async function publisherStatus(publisherUrl: string): Promise<PublisherStatus> {
  const res = await fetch(`${publisherUrl}/hooks/status`, { signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200) throw new Error(`GET ${publisherUrl}/hooks/status answered HTTP ${res.status}`);
  return (await res.json()) as PublisherStatus;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until nothing runs or waits and an attempt started at or after `since` (ms) has
 * ended; a call during a build is followed by one more, so "idle" alone is not enough.
 */
export async function waitUntilSettled(
  publisherUrl: string,
  since: number,
  timeoutMs: number,
  intervalMs = 200,
): Promise<PublisherStatus> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const s = await publisherStatus(publisherUrl);
    if (
      s.state === "idle" &&
      !s.pending &&
      s.lastAttempt &&
      Date.parse(s.lastAttempt.startedAt) >= since &&
      s.lastAttempt.result !== "running"
    )
      return s;
    await sleep(intervalMs);
  }
  throw new Error(
    `the publisher did not settle within ${timeoutMs / 1000} s: ${JSON.stringify(await publisherStatus(publisherUrl))}`,
  );
}

/** POST /hooks/publish or /hooks/rollback with the Bearer token (or the given headers instead). */
export function callHook(
  publisherUrl: string,
  kind: "publish" | "rollback",
  auth: { token: string } | { headers: Record<string, string> },
  init: { query?: string; body?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    ...("token" in auth ? { authorization: `Bearer ${auth.token}` } : auth.headers),
  };
  return fetch(`${publisherUrl}/hooks/${kind}${init.query ?? ""}`, {
    method: "POST",
    headers,
    body: init.body ?? "{}",
  });
}
