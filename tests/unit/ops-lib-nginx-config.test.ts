/**
 * The generated nginx configuration's privileges and header matching: workers never run as
 * root, and the header rules are matched on the path of the file that answers.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { nginxConfig, unprivilegedUser } from "../../ops/lib/nginx-config";
import { buildCdnRules, headersForAnswer, IMMUTABLE, REVALIDATE } from "../../src/core/cdn-rules";

const scratch = mkdtempSync(path.join(tmpdir(), "nginx-config-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

const rules = buildCdnRules(
  { siteUrl: "http://127.0.0.1", catalogueApiUrl: "http://127.0.0.1", basketApiUrl: "http://127.0.0.1" },
  { hashedAssets: ["/app-0123456789abcdef0123.js"], hiddenFiles: [] },
);
const config = (workerUser?: string | null) =>
  nginxConfig({ root: scratch, port: 9999, prefixDir: scratch, rules, brotli: false, workerUser }).main;

describe("nginx configuration", () => {
  it("switches the workers to nobody when started as root, never to root", () => {
    assert.match(config("nobody nogroup"), /^user nobody nogroup;$/m);
    assert.doesNotMatch(config(null), /^user /m);
    assert.throws(() => config("root"), /never run as root/);
    assert.throws(() => config("root root"), /never run as root/);
    if (process.getuid?.() === 0) assert.match(config(), /^user nobody \w+;$/m);
    else assert.doesNotMatch(config(), /^user /m);
  });

  it("finds the workers' group: Debian's nogroup, or nobody where there is none", () => {
    const groups = path.join(scratch, "group");
    writeFileSync(groups, "root:x:0:\nnogroup:x:65534:\n");
    assert.equal(unprivilegedUser(groups), "nobody nogroup");
    writeFileSync(groups, "root:x:0:\nnobody:x:65534:\n");
    assert.equal(unprivilegedUser(groups), "nobody nobody");
  });

  it("matches the header rules on the file that answers, not on the path as sent", () => {
    const main = config(null);
    assert.doesNotMatch(main, /\$request_uri/);
    assert.match(main, /map "\$site_file_answer\$uri" \$site_request_path/);
    // npm run serve's side of the same rule
    assert.equal(headersForAnswer(rules, "/static/a.js")["cache-control"], IMMUTABLE);
    assert.equal(headersForAnswer(rules, null)["cache-control"], REVALIDATE);
    assert.match(headersForAnswer(rules, null)["content-security-policy"] ?? "", /frame-ancestors 'none'/);
  });
});
