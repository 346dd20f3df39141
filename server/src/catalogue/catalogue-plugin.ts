import { ticketsRepository } from "../basket/tickets-repository";
import { feature } from "../http/feature";
import { catalogueRoutes } from "./catalogue-routes";
import { CatalogueService } from "./catalogue-service";
import { mediaRoutes } from "./media-routes";

/**
 * The catalogue: read into memory from the database, answered as the catalogue contract says, with
 * its images; the ticket categories' availability is read live (the basket's holds change it).
 */
export const catalogueFeature = feature("catalogue", ["core"], async (app, deps) => {
  const catalogue = await CatalogueService.open(deps.db, deps.config.publicUrl);
  deps.catalogue = catalogue;
  deps.tickets = ticketsRepository(deps.db, () => catalogue.generation);
  await app.register(async (scope) => catalogueRoutes(scope, deps));
  await app.register(mediaRoutes);
});
