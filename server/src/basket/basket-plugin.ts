import { feature } from "../http/feature";
import { captchaService } from "../orders/captcha";
import { throttle } from "../orders/throttle";
import { basketRoutes } from "./basket-routes";
import { basketsRepository } from "./baskets-repository";
import { sessionsRepository } from "./sessions-repository";

/** Sessions, baskets and the holds they put on ticket categories; the captcha and the limits against abuse. */
export const basketFeature = feature("basket", ["core", "catalogue"], async (app, deps) => {
  const { db } = deps;
  deps.baskets = basketsRepository(db);
  deps.sessions = sessionsRepository(db);
  deps.captcha = await captchaService(db, deps.config, deps.now);
  deps.throttle = throttle(db);
  await app.register(async (scope) => basketRoutes(scope, deps));
});
