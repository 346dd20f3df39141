/**
 * The push that tells an iPhone one of its passes changed: an empty JSON body to APNs over
 * HTTP/2, authenticated by the pass-type certificate itself, with the pass type id as the topic.
 * The phone then asks the PassKit web service which passes changed and fetches them.
 */
import { connect } from "node:http2";

export interface PushSender {
  /** "sent", or "gone" when APNs says the token is no longer valid (410) */
  send(pushToken: string, topic: string): Promise<"sent" | "gone">;
  close(): void;
}

export const APNS_HOSTS = {
  production: "https://api.push.apple.com",
  development: "https://api.sandbox.push.apple.com",
} as const;

export function apnsSender(
  host: string,
  tls: {
    cert: string;
    key: string;
    passphrase?: string /** roots to trust instead of the system's (tests) */;
    ca?: string;
  },
): PushSender {
  let session: ReturnType<typeof connect> | undefined;
  const open = () => {
    if (!session || session.closed || session.destroyed) {
      session = connect(host, {
        cert: tls.cert,
        key: tls.key,
        ...(tls.passphrase ? { passphrase: tls.passphrase } : {}),
        ...(tls.ca ? { ca: tls.ca } : {}),
      });
      session.on("error", () => session?.destroy());
      session.unref();
    }
    return session;
  };
  return {
    send(pushToken, topic) {
      return new Promise((resolve, reject) => {
        const req = open().request({
          ":method": "POST",
          ":path": `/3/device/${encodeURIComponent(pushToken)}`,
          "apns-topic": topic,
          "content-type": "application/json",
        });
        let status = 0;
        let body = "";
        req.setEncoding("utf8");
        req.on("response", (headers) => (status = Number(headers[":status"])));
        req.on("data", (c: string) => (body += c));
        req.on("end", () => {
          if (status === 200) resolve("sent");
          else if (status === 410) resolve("gone");
          else reject(new Error(`APNs answered ${status}: ${body.slice(0, 200)}`));
        });
        req.on("error", reject);
        req.end("{}");
      });
    },
    close() {
      session?.close();
    },
  };
}
