import { buildApp } from "./app";
import { loadConfig } from "./config";
import { mailNotifierFor } from "./mail/notifier";

/** The only file that listens. */
async function main(): Promise<void> {
  const config = loadConfig();
  let catalogue: { data: import("./db/repositories/catalogue-repository").CatalogueData } | undefined;
  // the order e-mails read venues and ways to pay from the app's own catalogue, once it is built
  const mailer = mailNotifierFor(config, {
    catalogue: {
      get data() {
        if (!catalogue) throw new Error("the catalogue is not loaded yet");
        return catalogue.data;
      },
    },
  });
  const app = await buildApp({ config, notifier: mailer });
  catalogue = app.deps.catalogue;
  const stop = async () => {
    await app.close();
    await mailer.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  await app.listen({ host: config.host, port: config.port });
  const f = config.faults;
  const faults = f.dead || f.latencyMs || f.rate429 || f.rate503 ? ` faults=${JSON.stringify(f)}` : "";
  console.log(
    `local server on http://${config.host}:${config.port} (database ${config.databasePath}; site origins ${config.siteOrigins.join(", ")})${faults}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
