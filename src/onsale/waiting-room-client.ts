/**
 * The waiting room's part of the basket API (contracts/basket.openapi.yaml 2.3, /api/onsale):
 * plain fetch with credentials, so the session cookie and the admission cookie go along.
 * An event without a waiting room answers 204, a server without waiting rooms (2.2) 404: then null.
 */
import { browserConfig } from "../config";
import type { components, operations } from "../core/generated/basket";

export type WaitingRoomState = components["schemas"]["WaitingRoom"];
type WireChallenge = operations["getCaptchaChallenge"]["responses"]["200"]["content"]["application/json"];

const url = (eventId: number) => `${browserConfig().basketApiUrl}/api/onsale/${eventId}`;

async function answer(res: Response): Promise<WaitingRoomState | null> {
  if (res.status === 204 || res.status === 404) return null;
  if (!res.ok) throw new Error(`waiting room ${res.status}`);
  return (await res.json()) as WaitingRoomState;
}

export async function readWaitingRoom(eventId: number): Promise<WaitingRoomState | null> {
  return answer(await fetch(url(eventId), { credentials: "include" }));
}

/** Takes a place (the same one when the session has it already), with a solved captcha. */
export async function joinWaitingRoom(eventId: number, captcha: string): Promise<WaitingRoomState | null> {
  return answer(
    await fetch(url(eventId), {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ captcha }),
    }),
  );
}

/** A challenge fetched with the session's cookie (it makes the session the place is bound to), solved. */
export async function solvedCaptcha(signal: AbortSignal): Promise<string> {
  const res = await fetch(`${browserConfig().basketApiUrl}/api/captcha`, { credentials: "include", signal });
  if (!res.ok) throw new Error(`captcha ${res.status}`);
  const wire = (await res.json()) as WireChallenge;
  const { solve } = await import("../checkout/captcha");
  return solve({ ...wire, maxNumber: wire.maxnumber }, signal);
}
