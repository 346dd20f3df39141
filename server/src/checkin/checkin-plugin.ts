import { feature } from "../http/feature";
import { checkinRoutes } from "./checkin-routes";
import { checkinService } from "./checkin-service";

/** Tickets issued to people, signed, and admitted at the door by paired phones (server/src/tickets, check-in). */
export const checkinFeature = feature("checkin", ["core", "basket"], async (app, deps) => {
  deps.checkin = await checkinService(deps.db, deps.tickets, { siteUrl: deps.config.siteUrl });
  await app.register(async (scope) => checkinRoutes(scope, deps));
});
