import type { FastifyInstance } from "fastify";
import type { FaultScope, FaultSettings } from "./config";
import { badRequest } from "./lib/errors";

/** Fault injection for the site's reliability tests; off unless configured. */
export class FaultController {
  settings: FaultSettings;
  constructor(initial: FaultSettings) {
    this.settings = { ...initial };
  }
  get active(): boolean {
    const f = this.settings;
    return f.dead || f.latencyMs > 0 || f.rate429 > 0 || f.rate503 > 0;
  }
  appliesTo(url: string): boolean {
    // the control itself, and the acquirer's page (a third party's in real life), are never faulted
    if (url.startsWith("/__faults") || url.startsWith("/sandbox-acquirer/")) return false;
    const scope: FaultScope = this.settings.scope;
    if (scope === "all") return true;
    const basket = url.startsWith("/api/") || url === "/api";
    return scope === "basket" ? basket : !basket;
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function rate(v: unknown, name: string): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !(v >= 0 && v <= 1)) throw badRequest(`${name} must be a number from 0 to 1`);
  return v;
}

export function registerFaults(app: FastifyInstance, faults: FaultController, control: boolean): void {
  app.addHook("onRequest", async (req, reply) => {
    if (!faults.active || !faults.appliesTo(req.url)) return;
    const f = faults.settings;
    if (f.dead) {
      // answer nothing at all: the client sees a reset connection
      reply.hijack();
      req.raw.socket.destroy();
      return;
    }
    if (f.latencyMs > 0) await sleep(f.latencyMs);
    if (f.rate429 > 0 && Math.random() < f.rate429) {
      return reply
        .code(429)
        .header("Retry-After", "1")
        .send({ detail: "too many requests (injected fault)", code: "rate_limited" });
    }
    if (f.rate503 > 0 && Math.random() < f.rate503) {
      return reply.code(503).send({ detail: "service unavailable (injected fault)", code: "unavailable" });
    }
  });

  if (!control) return;
  app.get("/__faults", async () => faults.settings);
  app.put<{ Body: Record<string, unknown> }>("/__faults", async (req) => {
    const b = req.body;
    if (typeof b !== "object" || b === null || Array.isArray(b)) throw badRequest("expected a JSON object");
    const next = { ...faults.settings };
    if (b.latencyMs !== undefined) {
      if (typeof b.latencyMs !== "number" || !(b.latencyMs >= 0 && b.latencyMs <= 120_000))
        throw badRequest("latencyMs must be 0..120000");
      next.latencyMs = b.latencyMs;
    }
    next.rate429 = rate(b.rate429, "rate429") ?? next.rate429;
    next.rate503 = rate(b.rate503, "rate503") ?? next.rate503;
    if (b.dead !== undefined) {
      if (typeof b.dead !== "boolean") throw badRequest("dead must be a boolean");
      next.dead = b.dead;
    }
    if (b.scope !== undefined) {
      if (b.scope !== "all" && b.scope !== "catalogue" && b.scope !== "basket")
        throw badRequest('scope must be "all", "catalogue" or "basket"');
      next.scope = b.scope;
    }
    faults.settings = next;
    return faults.settings;
  });
}
