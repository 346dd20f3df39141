import { feature } from "../http/feature";
import { onsaleRoutes } from "./onsale-routes";
import { onsaleService } from "./onsale-service";

/**
 * The waiting room of big on-sales (docs/WAITING-ROOM.md). Registered before the basket: its hook
 * keeps each basket change's request at hand for the admission check the basket makes.
 */
export const onsaleFeature = feature("onsale", ["core"], async (app, deps) => {
  deps.onsale = await onsaleService(deps.db, deps.now);
  app.addHook("onRequest", (req, _reply, done) => {
    if (req.method === "POST" && req.url.startsWith("/api/basket")) deps.onsale.request.run(req, done);
    else done();
  });
  await app.register(async (scope) => onsaleRoutes(scope, deps));
});
