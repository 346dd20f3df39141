/** Support for the check-in tests: the check-in contract's schemas, free tickets bought, paired devices. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { parse } from "yaml";
import type { WireOrder } from "../../server/src/deps";
import type { ScanResult } from "../../src/scan/scanner-client";
import { BUYER, offersOf, placeOrder, type TestApp, Visitor } from "./helpers";

export const checkinContract = parse(
  readFileSync(join(__dirname, "..", "..", "contracts", "checkin.openapi.yaml"), "utf8"),
) as { paths: Record<string, Record<string, { responses: Record<string, { $ref?: string }> }>> };

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(checkinContract, "checkin.yaml");

const pointerEscape = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/** Asserts an answer matches the check-in contract for its path, method and status; returns the body. */
export function assertCheckin<T = Record<string, unknown>>(
  path: string,
  method: string,
  res: { statusCode: number; body: string },
): T {
  const op = checkinContract.paths[path]?.[method];
  if (!op) throw new Error(`the check-in contract has no ${method.toUpperCase()} ${path}`);
  const response = op.responses[String(res.statusCode)];
  if (!response)
    throw new Error(`the contract has no ${res.statusCode} for ${method.toUpperCase()} ${path}: ${res.body}`);
  const base = response.$ref
    ? response.$ref.slice(1)
    : `/paths/${pointerEscape(path)}/${method}/responses/${res.statusCode}`;
  const validate = ajv.getSchema(`checkin.yaml#${base}/content/application~1json/schema`);
  if (!validate) throw new Error(`no schema for ${path}`);
  const body = JSON.parse(res.body) as T;
  if (!validate(body))
    throw new Error(
      `${method.toUpperCase()} ${path} ${res.statusCode}: ${ajv.errorsText(validate.errors)}\n${res.body.slice(0, 400)}`,
    );
  return body;
}

/** The sample's free event (registration), so a test gets paid tickets without a card. */
export const FREE_EVENT_SOURCE = 10034;
let buyers = 0;

/** A paid order of `count` free tickets, bought by a new buyer named `name`. */
export async function buyFree(app: TestApp, count = 1, name = "Layla Haddad"): Promise<WireOrder> {
  const visitor = new Visitor(app);
  const free = (await offersOf(app, FREE_EVENT_SOURCE))[0]!.tickets[0]!;
  assert.equal(free.price, 0);
  assert.equal((await visitor.add(free.id, count)).statusCode, 200);
  const { acquisition_id: _a, ...body } = BUYER;
  void _a;
  const order = await placeOrder(app, visitor, { ...body, name, email: `door${++buyers}@example.ae` });
  assert.equal(order.status, "paid");
  return order;
}

/** A device paired to a list through a fresh pairing link; its requests carry the Bearer token. */
export class Door {
  constructor(
    readonly app: TestApp,
    readonly token: string,
    readonly name: string,
  ) {}

  static async pair(app: TestApp, listId: number, name: string): Promise<Door> {
    const link = await app.deps.checkin.pairingLink(listId, app.deps.now());
    const res = await app.inject({ method: "POST", url: "/api/checkin/pair", payload: { token: link.token, name } });
    const body = assertCheckin<{ device_token: string }>("/api/checkin/pair", "post", res);
    return new Door(app, body.device_token, name);
  }

  request(method: "GET" | "POST", url: string, payload?: unknown) {
    return this.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${this.token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  async redeem(code: string, extra: Record<string, unknown> = {}) {
    const res = await this.request("POST", "/api/checkin/redeem", { code, nonce: nonce(), ...extra });
    return assertCheckin<ScanAnswer>("/api/checkin/redeem", "post", res);
  }
}

/** The redeem answer as the door's scanner reads it, with the nonce the scan was sent with. */
export type ScanAnswer = ScanResult & { nonce: string };

let nonces = 0;
export const nonce = (): string => `n${Date.now().toString(36)}x${(++nonces).toString(36).padStart(6, "0")}`;
