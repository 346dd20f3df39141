import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AppDeps } from "../deps";

declare module "fastify" {
  interface FastifyInstance {
    /** what the features made, each part added by the feature plugin that owns it */
    deps: AppDeps;
  }
}

/**
 * A slice of the server (catalogue, basket, orders, payment, check-in, wallet, mail) as a Fastify
 * plugin: its name, the features it needs (Fastify refuses to start when one is missing or
 * registered after it), and how it adds its services to `app.deps` and registers its routes.
 */
export function feature(
  name: string,
  needs: readonly string[],
  register: (app: FastifyInstance, deps: AppDeps) => Promise<void>,
) {
  return fp(async (app: FastifyInstance) => register(app, app.deps), {
    name,
    dependencies: [...needs],
    decorators: { fastify: ["deps"] },
    fastify: "5.x",
  });
}
