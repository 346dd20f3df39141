/**
 * The catalogue's version for instances on PostgreSQL: every change to a table the catalogue is read
 * from bumps a counter in meta, in the same commit, whoever makes it (another instance, the seed
 * command, an operator's SQL). Each instance compares it with the version it holds in memory and
 * reads the catalogue again when it moved. SQLite needs nothing: its data_version tells a connection
 * that another one changed the file.
 */
import type { Migration } from "./migration";

const CATALOGUE_TABLES = [
  "currencies",
  "images",
  "locations",
  "places",
  "halls",
  "category_types",
  "categories",
  "labels",
  "persons",
  "events",
  "event_categories",
  "event_persons",
  "event_labels",
  "event_sessions",
  "news",
  "news_events",
  "acquisitions",
  "landings",
];

const POSTGRES = `
INSERT INTO meta (key, value) VALUES ('catalogue_version', '0') ON CONFLICT (key) DO NOTHING;
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE meta SET value = (value::bigint + 1)::text WHERE key = 'catalogue_version';
  RETURN NULL;
END $$;
${CATALOGUE_TABLES.map(
  (table) =>
    `CREATE TRIGGER ${table}_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table} ` +
    "FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();",
).join("\n")}
`;

export const catalogueVersion: Migration = {
  name: "0005-catalogue-version",
  async sqlite() {},
  async postgres(tx) {
    await tx.run(POSTGRES);
  },
};
