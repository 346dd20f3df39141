import { buildApp } from "./app";
import { loadConfig } from "./config";

/** The only file that listens. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config });
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  await app.listen({ host: config.host, port: config.port });
  const f = config.faults;
  const faults = f.dead || f.latencyMs || f.rate429 || f.rate503 ? ` faults=${JSON.stringify(f)}` : "";
  console.log(`local server on http://${config.host}:${config.port} (database ${config.databasePath}; site origins ${config.siteOrigins.join(", ")})${faults}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
