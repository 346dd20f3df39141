import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../deps";

export async function basketRoutes(_app: FastifyInstance, _deps: AppDeps): Promise<void> {}
