import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { shouldRetry } from "../../src/clients/retry-rule";

describe("retry rule: which failed catalogue requests are tried again", () => {
  const failure = (method: string, status?: number, code?: string) => ({
    code,
    config: { method },
    response: status === undefined ? undefined : { status },
  });

  it("retries network errors whatever the method", () => {
    assert.equal(shouldRetry(failure("get", undefined, "ECONNREFUSED")), true);
    assert.equal(shouldRetry(failure("post", undefined, "ECONNRESET")), true);
    assert.equal(shouldRetry(failure("get", undefined, "ERR_NETWORK")), true);
  });

  it("retries 429 and 500-599 for get, head, options, put and delete", () => {
    for (const method of ["get", "head", "options", "put", "delete", "GET"]) {
      for (const status of [429, 500, 502, 503, 599])
        assert.equal(shouldRetry(failure(method, status)), true, `${method} ${status}`);
    }
  });

  it("does not retry 429 or 5xx for post and patch", () => {
    for (const method of ["post", "patch"]) {
      for (const status of [429, 500, 503])
        assert.equal(shouldRetry(failure(method, status)), false, `${method} ${status}`);
    }
  });

  it("does not retry other statuses", () => {
    for (const status of [400, 401, 403, 404, 409, 422, 600])
      assert.equal(shouldRetry(failure("get", status)), false, String(status));
  });

  it("never retries time-outs or cancelled requests", () => {
    assert.equal(shouldRetry(failure("get", undefined, "ECONNABORTED")), false);
    assert.equal(shouldRetry(failure("get", undefined, "ETIMEDOUT")), false);
    assert.equal(shouldRetry(failure("get", undefined, "ERR_CANCELED")), false);
  });
});
