/**
 * Several real server processes on one PostgreSQL database, for the tests of what must hold across
 * instances: each on a port of its own, all with the same settings, as behind a load balancer.
 */
import { createServer } from "node:net";
import path from "node:path";
import { type Started, startProcess, waitFor } from "../../lib/processes";
import { type CaptchaChallenge, solveCaptchaChallenge } from "../../server/src/orders/captcha";

const root = path.resolve(__dirname, "..", "..");

/** A port the OS says is free now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The settings every instance shares: the limits a test run from one address would trip are lifted. */
export function instanceEnv(databaseUrl: string, publicUrl: string, more: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    HOST: "127.0.0.1",
    PUBLIC_URL: publicUrl,
    SITE_URL: "http://127.0.0.1:9000",
    SITE_ORIGINS: "http://127.0.0.1:9000",
    SERVER_LOG: "0",
    CAPTCHA_SECRET: "instances-test",
    CAPTCHA_MAX_NUMBER: "1000",
    CAPTCHA_FETCH_MAX: "1000000",
    HELD_PER_CLIENT: "1000000",
    ORDER_RATE_MAX: "1000000",
    BUYER_EVENT_MAX: "1000000",
    CLIENT_DAY_MAX: "1000000",
    FREE_PER_BUYER: "1000000",
    FREE_CLIENT_DAY_MAX: "1000000",
    OFFLINE_HELD_PER_CLIENT: "1000000",
    OFFLINE_EVENT_PERCENT: "100",
    MAIL_PER_RECIPIENT_HOUR: "1000000",
    PAYMENT_STARTS_PER_CLIENT_HOUR: "1000000",
    PAYMENT_RETRY_BASE_S: "0",
    HOLD_COOLDOWN_MINUTES: "0",
    ...more,
  };
}

export interface Instance {
  url: string;
  process: Started;
}

/** Starts one server process on `port` and waits until it answers. */
export async function startInstance(name: string, port: number, env: NodeJS.ProcessEnv): Promise<Instance> {
  const started = startProcess(name, process.execPath, ["--import", "tsx", "server/src/server.ts"], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    output: "quiet",
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, name, { timeoutMs: 60_000 });
  return { url, process: started };
}

/** N instances on one database, started at once (the first start migrates and seeds once). */
export async function startInstances(
  count: number,
  databaseUrl: string,
  more: NodeJS.ProcessEnv = {},
): Promise<Instance[]> {
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());
  const env = instanceEnv(databaseUrl, `http://127.0.0.1:${ports[0]}`, more);
  return Promise.all(ports.map((port, i) => startInstance(`instance-${i + 1}`, port, env)));
}

/** A visitor's browser against any instance: keeps its session cookie, sends the site's Origin. */
export class HttpVisitor {
  cookie: string | undefined;

  async request(
    base: string,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: string; headers: Headers }> {
    const res = await fetch(`${base}${url}`, {
      method,
      redirect: "manual",
      headers: {
        origin: "http://127.0.0.1:9000",
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get("set-cookie");
    if (set) this.cookie = set.split(";")[0];
    return { status: res.status, body: await res.text(), headers: res.headers };
  }

  /** A solved captcha from `base`, as the site's widget sends it. */
  async captcha(base: string): Promise<string> {
    return solveCaptchaChallenge(
      JSON.parse((await this.request(base, "GET", "/api/captcha")).body) as CaptchaChallenge,
    );
  }
}

/**
 * Pays an order by card on the sandbox acquirer: the payment starts on `start`, the card page is
 * opened and its form posted on `pay` (another instance, as a balancer may send it). Resolves to
 * the acquirer's last answer.
 */
export async function payByCard(
  visitor: HttpVisitor,
  start: string,
  pay: string,
  publicUrl: string,
  orderId: string,
  card = "4242424242424242",
): Promise<{ status: number; location: string | null }> {
  const started = await visitor.request(start, "POST", `/api/orders/${orderId}/payments`, {
    return_url: "http://127.0.0.1:9000/order/?step=pay",
  });
  if (started.status !== 201) return { status: started.status, location: null };
  const pagePath = new URL((JSON.parse(started.body) as { redirect_url: string }).redirect_url).pathname;
  const html = await (await fetch(`${pay}${pagePath}`)).text();
  const csrf = /name="csrf"[^>]*value="([^"]*)"/.exec(html)?.[1];
  if (!csrf) throw new Error(`no card form at ${pay}${pagePath}`);
  const res = await fetch(`${pay}${pagePath}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(publicUrl).origin },
    body: new URLSearchParams({ csrf, card_number: card, expiry: "12/39", cvc: "123", cardholder: "Layla Haddad" }),
  });
  return { status: res.status, location: res.headers.get("location") };
}
