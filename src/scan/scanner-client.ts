/**
 * The check-in API (contracts/checkin.openapi.yaml) as the scanner page calls it: the device's
 * Bearer token, no cookies. A request that never reaches the server throws `Offline`; an
 * answer of the server (even 401) does not.
 */
import type { components, paths } from "../core/generated/checkin";
import type { OfflineData } from "./offline-decide";

export class Offline extends Error {}
export class DeviceRefused extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

export type ScanResult = components["schemas"]["ScanResult"];

/** One ticket a name search found. */
export type SearchResult =
  paths["/api/checkin/search"]["get"]["responses"][200]["content"]["application/json"]["results"][number];

export interface QueuedScan {
  code: string;
  nonce: string;
  scanned_at: string;
  direction: "entry" | "exit";
  local_status: string;
}

export type Conflict = components["schemas"]["Conflict"];

export function scannerClient(baseUrl: string, token: string | null, lang: string) {
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}${path.includes("?") ? "&" : "?"}lang=${lang}`, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
      });
    } catch {
      throw new Offline("no network");
    }
    const data = (await res.json().catch(() => ({}))) as T & { code?: string };
    if (res.status === 401) throw new DeviceRefused(data.code ?? "device_unknown");
    if (!res.ok) throw new Error(`${res.status} ${data.code ?? ""}`);
    return data;
  }
  return {
    pair: (pairingToken: string) =>
      call<{ device_token: string; device: { name: string }; list: { name: string } }>("POST", "/api/checkin/pair", {
        token: pairingToken,
      }),
    redeem: (scan: { code: string; nonce: string; scanned_at: string; direction: "entry" | "exit" }) =>
      call<ScanResult>("POST", "/api/checkin/redeem", scan),
    undo: (scanId: number) => call<{ counts: ScanResult["counts"] }>("POST", `/api/checkin/scans/${scanId}/undo`),
    sync: (scans: QueuedScan[]) =>
      call<{ results: Array<ScanResult & { nonce: string }>; conflicts: Conflict[]; counts: ScanResult["counts"] }>(
        "POST",
        "/api/checkin/sync",
        { scans },
      ),
    offline: () => call<OfflineData>("GET", "/api/checkin/offline"),
    search: (q: string) =>
      call<{
        results: SearchResult[];
      }>("GET", `/api/checkin/search?q=${encodeURIComponent(q)}`),
  };
}
export type ScannerClient = ReturnType<typeof scannerClient>;

/** A nonce for one scan: random, URL-safe. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
