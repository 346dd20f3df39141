import type { ServerConfig } from "./config";
import type { CatalogueService } from "./catalogue/catalogue-service";
import type { Db } from "./db/database";
import type { BasketsRepository } from "./db/repositories/baskets-repository";
import type { TicketsRepository } from "./db/repositories/tickets-repository";
import type { FaultController } from "./faults";

/** What the route plugins share: built once by the app factory. */
export interface AppDeps {
  config: ServerConfig;
  db: Db;
  catalogue: CatalogueService;
  tickets: TicketsRepository;
  baskets: BasketsRepository;
  faults: FaultController;
  /** the clock, replaceable in tests */
  now: () => number;
}
