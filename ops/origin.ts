/**
 * `npm run origin`: the site behind Debian's nginx, the way it runs in production.
 *
 * Writes an nginx configuration generated from the site's rules (its _redirects and
 * _headers, see ops/lib/nginx-config.ts) into ORIGIN_PREFIX (default .origin/), then runs
 * /usr/sbin/nginx in the foreground on it, without root's places: its pid file, logs and
 * temp folders stay in that folder. Started as root, its workers run as nobody, so the
 * served folder must be readable by others (it says so and stops otherwise).
 *
 *   ORIGIN_PORT     port (default 9100)
 *   ORIGIN_HOST     listen address (default 127.0.0.1)
 *   ORIGIN_ROOT     the folder served (default PUBLISH_ROOT/current)
 *   PUBLISH_ROOT    the releases folder (default releases/)
 *   ORIGIN_PREFIX   where the configuration, pid file and logs go (default .origin/)
 *   NGINX_BIN       the nginx binary (default /usr/sbin/nginx)
 *   --precompress   write .br/.gz files beside the text files of ORIGIN_ROOT first
 *                   (a release made by `npm run publish` has them already)
 */
import { spawn } from "node:child_process";
import { existsSync, realpathSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { helpAsked } from "../src/core/command-help";
import { readBuildConfig } from "../src/core/site-config";
import { writeNginxConfig } from "./lib/nginx-config";
import { precompress } from "./lib/precompress";

const USAGE = `usage: npm run origin [-- --precompress]   the site behind Debian's nginx, as in production
  --precompress        write .br/.gz files beside the text files of ORIGIN_ROOT first
settings: ORIGIN_PORT (9100), ORIGIN_HOST (127.0.0.1), ORIGIN_ROOT (PUBLISH_ROOT/current), PUBLISH_ROOT (releases/),
  ORIGIN_PREFIX (.origin/), NGINX_BIN (/usr/sbin/nginx)`;

export const NGINX_BIN = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

function fail(message: string): never {
  process.stderr.write(`origin: ${message}\n`);
  process.exit(1);
}

/**
 * The first folder on the way to `dir` (or `dir` itself) that a user other than its owner
 * cannot pass through, or null: nginx's unprivileged workers need o+x up to it and o+r on it.
 */
export function closedToOthers(dir: string): string | null {
  const real = realpathSync(dir);
  if ((statSync(real).mode & 0o005) !== 0o005) return real;
  for (let at = dirname(real); ; at = dirname(at)) {
    if ((statSync(at).mode & 0o001) === 0) return at;
    if (dirname(at) === at) return null;
  }
}

async function main(): Promise<void> {
  if (helpAsked(process.argv.slice(2))) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const port = Number(process.env.ORIGIN_PORT ?? 9100);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    fail(`ORIGIN_PORT must be a port number, got "${process.env.ORIGIN_PORT}"`);
  const publishRoot = resolve(process.env.PUBLISH_ROOT ?? "releases");
  const root = resolve(process.env.ORIGIN_ROOT ?? resolve(publishRoot, "current"));
  if (!existsSync(root))
    fail(`nothing to serve at ${root}: publish a release first (npm run publish) or set ORIGIN_ROOT=public`);
  if (!existsSync(NGINX_BIN))
    fail(`${NGINX_BIN} not found: install Debian's nginx (apt-get install -y nginx libnginx-mod-http-brotli-static)`);
  const closed = process.getuid?.() === 0 ? closedToOthers(root) : null;
  if (closed)
    fail(
      `nginx's workers run as nobody, not root, and cannot read ${closed}: chmod o+rx it (or start npm run origin as an unprivileged user)`,
    );
  if (process.argv.includes("--precompress")) {
    const result = await precompress(root);
    console.log(`origin: precompressed ${result.written} of ${result.files} text files`);
  }
  const prefixDir = resolve(process.env.ORIGIN_PREFIX ?? ".origin");
  const host = process.env.ORIGIN_HOST ?? "127.0.0.1";
  // nginx serves `root` as a path, so a release switched in under a `current` link is served
  // at once; the rules (hashed assets, script hashes) come from the release and are
  // rewritten, and nginx reloaded, when the link points somewhere new
  const configure = () => writeNginxConfig({ root, port, host, prefixDir, settings: readBuildConfig(process.env) });
  const written = await configure();
  console.log(`origin: serving ${root} at http://${host}:${port}/ (nginx, config ${written.configFile})`);
  const nginx = spawn(NGINX_BIN, ["-p", prefixDir, "-c", written.configFile], { stdio: "inherit" });

  let served = realpathSync(root);
  let reloading = false;
  const watcher = setInterval(() => {
    if (reloading) return;
    let now: string;
    try {
      now = realpathSync(root);
    } catch {
      return; // between unlink and rename on a host without atomic rename: next tick
    }
    if (now === served) return;
    reloading = true;
    configure()
      .then(() => {
        served = now;
        nginx.kill("SIGHUP");
        console.log(`origin: now serving ${now}; nginx reloaded its rules`);
      })
      .catch((error: unknown) =>
        console.error(`origin: could not rewrite the nginx rules for ${now}: ${String(error)}`),
      )
      .finally(() => {
        reloading = false;
      });
  }, 1000);

  const stop = () => {
    clearInterval(watcher);
    // QUIT: finish the requests in flight, then exit
    if (nginx.exitCode === null) nginx.kill("SIGQUIT");
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  nginx.on("exit", (code, signal) => {
    clearInterval(watcher);
    process.exit(code ?? (signal ? 0 : 1));
  });
}

void main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
