/**
 * The waiting list's part of the basket API (contracts/basket.openapi.yaml 2.3, /api/waitlist*),
 * with the browser's fetch: loaded only with the waiting list's own code. A server that has no
 * waiting list (2.2) answers 404, which `status` turns into null so the page offers nothing.
 */
import { browserConfig } from "../config";
import type { components } from "../core/generated/basket";
import type { Lang } from "../core/routes";

export type WaitlistEntry = components["schemas"]["WaitlistEntry"];
export type WaitlistStatus = components["schemas"]["WaitlistStatus"];

/** A refusal or failure: the server's stable code ("already_waiting", …), or "network". */
export class WaitlistError extends Error {
  constructor(
    readonly status: number | null,
    readonly code: string,
  ) {
    super(`waiting list: ${status ?? "no answer"} ${code}`);
  }
}

async function call<T>(method: "GET" | "POST", path: string, lang: Lang, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${browserConfig().basketApiUrl}${path}${path.includes("?") ? "&" : "?"}lang=${lang}`, {
      method,
      credentials: "include",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new WaitlistError(null, "network");
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const code = typeof (data as { code?: unknown } | null)?.code === "string" ? (data as { code: string }).code : "";
    throw new WaitlistError(res.status, code || "server_error");
  }
  return data as T;
}

export const waitlistApi = {
  /** The category's list, or null when the server offers none (a 2.2 server, or no such ticket). */
  async status(ticketId: number, lang: Lang): Promise<WaitlistStatus | null> {
    try {
      return await call<WaitlistStatus>("GET", `/api/waitlist/tickets/${ticketId}`, lang);
    } catch (error) {
      if (error instanceof WaitlistError && error.status === 404) return null;
      throw error;
    }
  },
  join(body: { ticket_id: number; count: number; email: string; captcha: string }, lang: Lang) {
    return call<WaitlistEntry>("POST", "/api/waitlist", lang, body);
  },
  entry: (token: string, lang: Lang) => call<WaitlistEntry>("POST", "/api/waitlist/entry", lang, { token }),
  leave: (token: string, lang: Lang) => call<WaitlistEntry>("POST", "/api/waitlist/leave", lang, { token }),
  claim: (token: string, lang: Lang) => call<WaitlistEntry>("POST", "/api/waitlist/claim", lang, { token }),
};

/** What an e-mail's link carries in the event page's fragment: `#waitlist-offer=…` or `#waitlist-leave=…`. */
export function linkInHash(hash: string): { action: "offer" | "leave"; token: string } | null {
  const m = /^#waitlist-(offer|leave)=([^&]+)$/.exec(hash);
  if (!m) return null;
  try {
    return { action: m[1] as "offer" | "leave", token: decodeURIComponent(m[2] as string) };
  } catch {
    return null;
  }
}

/** What a sold-out category's sign-up needs to know of it. */
export interface JoinProps {
  ticketId: number;
  ticketTitle: string;
  maxPerOrder: number;
}

/** The visitor's words for a refusal, by the server's code. */
export function errorKey(code: string): string {
  switch (code) {
    case "already_waiting":
    case "not_sold_out":
    case "waitlist_closed":
    case "too_many_requests":
    case "invalid_email":
    case "network":
      return `waitlist.error.${code}`;
    default:
      return "waitlist.error.other";
  }
}
