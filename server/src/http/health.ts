import type { FastifyInstance } from "fastify";

export interface HealthOptions {
  /** asks the database for the smallest answer (SELECT 1); rejects when it cannot */
  ping: () => Promise<unknown>;
  /** true once the process has begun its graceful stop (server/src/server.ts) */
  stopping: () => boolean;
  /** a ping slower than this counts as failed, ms: a balancer must not wait on a stuck database */
  timeoutMs?: number;
}

export const HEALTH_PATH = "/health";

class PingTimeout extends Error {}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PingTimeout()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * GET /health, what a load balancer or an orchestrator asks an instance before sending it
 * buyers (docs/SCALING.md): 200 {"status":"ok"} while its database answers, 503
 * {"status":"stopping"} from the moment a graceful stop begins (so traffic moves away before
 * the port closes), 503 {"status":"unavailable","detail":...} while the database does not
 * answer. Never cached; an operations path, so not part of the basket contract. The database's
 * own error goes to the log, not to whoever asks.
 */
export async function health(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 2000;
  app.get(HEALTH_PATH, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    if (options.stopping()) return reply.code(503).send({ status: "stopping" });
    try {
      await within(options.ping(), timeoutMs);
    } catch (error) {
      request.log.warn({ err: error }, "health: the database did not answer");
      const detail =
        error instanceof PingTimeout
          ? `the database did not answer within ${timeoutMs} ms`
          : "the database did not answer";
      return reply.code(503).send({ status: "unavailable", detail });
    }
    return { status: "ok" };
  });
}
