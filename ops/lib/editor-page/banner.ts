/**
 * The banner an editor sees after pressing "Publish now": what became of that request, as the
 * page refreshes. Requested until a publish starts after it; then building, verifying
 * (staging, checks, the switch), and live (from the switch on, while the copies are
 * compressed) or failed. Pure: read from the view the publisher gives the page.
 */
/** What the banner reads of the editors' page's view (render.ts's EditorView). */
export interface BannerInput {
  /** newest first */
  history: ReadonlyArray<{ kind: "publish" | "rollback"; startedAt: string; result: string; release: string | null }>;
  running: { startedAt: string; step: string | null; liveRelease?: string | null } | null;
}

export type BannerState = "requested" | "building" | "verifying" | "live" | "failed";

export interface Banner {
  state: BannerState;
  /** the release the publish made live */
  release: string | null;
}

/** A publish that started this long before the request (clocks of one machine) still answers it. */
const TOLERANCE_MS = 1000;

export function publishBanner(view: BannerInput, requestedAt: number): Banner {
  // the history is newest first: the first publish that started after the request answers it
  const attempt = view.history
    .filter((a) => a.kind === "publish" && Date.parse(a.startedAt) >= requestedAt - TOLERANCE_MS)
    .at(-1);
  if (!attempt) return { state: "requested", release: null };
  if (attempt.result === "failed") return { state: "failed", release: null };
  if (attempt.result === "succeeded") return { state: "live", release: attempt.release };
  const running = view.running?.startedAt === attempt.startedAt ? view.running : null;
  switch (running?.step ?? null) {
    case "verify":
    case "switch":
      return { state: "verifying", release: null };
    case "compress":
      return { state: "live", release: running?.liveRelease ?? null };
    default:
      return { state: "building", release: null };
  }
}
