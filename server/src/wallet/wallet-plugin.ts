import { feature } from "../http/feature";
import { walletRoutes } from "./wallet-routes";
import { walletService } from "./wallet-service";

/** Apple and Google Wallet passes of issued tickets, and the PassKit web service. */
export const walletFeature = feature("wallet", ["core", "checkin"], async (app, deps) => {
  deps.wallet = await walletService(deps.db, { config: deps.config, now: deps.now, log: (m) => app.log.warn(m) });
  await app.register(walletRoutes, { deps, wallet: deps.wallet });
});
