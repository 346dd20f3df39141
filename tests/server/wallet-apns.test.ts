/**
 * The push to Apple (server/src/wallet/apns.ts), up to the wire: against a local HTTP/2 server
 * standing in for APNs, which asks for a client certificate as Apple's does. It must see the
 * pass-type certificate, POST /3/device/<push token>, the pass type id as the topic and an
 * empty JSON body; 410 means the token is gone, anything else but 200 is an error.
 */
import assert from "node:assert/strict";
import { createSecureServer, type Http2SecureServer } from "node:http2";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import type { TLSSocket } from "node:tls";
import { apnsSender, type PushSender } from "../../server/src/wallet/apns";
import { makeTestAuthority, type TestAuthority } from "../../server/src/wallet/test-authority";

let ca: TestAuthority;
let server: Http2SecureServer;
let sender: PushSender;
const seen: Array<{ path: string; topic: string; body: string; clientUid: string }> = [];
let answer = 200;

before(async () => {
  ca = makeTestAuthority();
  // the stand-in's own certificate is the test authority's too; it trusts the same root for clients
  server = createSecureServer({
    key: ca.localKeyPem,
    cert: ca.localCertPem,
    ca: ca.rootPem,
    requestCert: true,
    rejectUnauthorized: true,
  });
  server.on("stream", (stream, headers) => {
    let body = "";
    stream.setEncoding("utf8");
    stream.on("data", (c: string) => (body += c));
    stream.on("end", () => {
      const peer = (stream.session?.socket as TLSSocket | undefined)?.getPeerCertificate();
      seen.push({
        path: String(headers[":path"]),
        topic: String(headers["apns-topic"]),
        body,
        clientUid: String((peer?.subject as unknown as Record<string, string> | undefined)?.UID),
      });
      stream.respond({ ":status": answer, "content-type": "application/json" });
      stream.end(answer === 200 ? "" : JSON.stringify({ reason: answer === 410 ? "Unregistered" : "BadDeviceToken" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sender = apnsSender(`https://127.0.0.1:${(server.address() as AddressInfo).port}`, {
    cert: `${ca.passCertPem}${ca.wwdrPem}`,
    key: ca.passKeyPem,
    ca: ca.rootPem,
  });
});
after(async () => {
  sender?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe("the push to APNs", () => {
  it("posts an empty body for the push token, with the pass type as the topic, as the pass-type certificate", async () => {
    answer = 200;
    assert.equal(await sender.send("feedc0de01", ca.passTypeId), "sent");
    assert.deepEqual(seen.at(-1), {
      path: "/3/device/feedc0de01",
      topic: ca.passTypeId,
      body: "{}",
      clientUid: ca.passTypeId,
    });
  });

  it("410 says the token is gone; another refusal is an error", async () => {
    answer = 410;
    assert.equal(await sender.send("beef02", ca.passTypeId), "gone");
    answer = 400;
    await assert.rejects(sender.send("beef03", ca.passTypeId), /APNs answered 400/);
  });
});
