import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../deps";

export async function orderRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
