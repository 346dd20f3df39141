/**
 * A TCP port free on 127.0.0.1 at the moment of asking: the system picks one for a probe
 * server, which is closed again before the port is handed out. For the servers a test or a
 * command starts itself (publisher, origin, a stand-in, a throw-away PostgreSQL) next to the
 * ones the test runner started.
 */
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
