/**
 * `npm run wallet`: --help, and `sample --out`, which writes a paid sample order's passes and
 * Google save link, signed by a throw-away test authority when no certificates are configured
 * (and says so), in a form a verifier accepts with that authority's root.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { loadConfig } from "../../server/src/config";
import { runWalletCommand, UsageError } from "../../server/src/wallet/cli";
import { walletSettings } from "../../server/src/wallet/wallet-settings";
import { HERMETIC } from "./helpers";
import { assertEventTicketObject, readZip, verifyJwt, verifyPass } from "./wallet-helpers";

const root = path.join(__dirname, "..", "..");
const out = mkdtempSync(path.join(tmpdir(), "wallet-sample-"));
after(() => rmSync(out, { recursive: true, force: true }));
// nothing configured: the environment of the test run cannot bring certificates in
const config = { ...loadConfig({}), ...HERMETIC, wallet: walletSettings({}) };

describe("npm run wallet", () => {
  it("--help prints the commands and exits 0", () => {
    const text = execFileSync(process.execPath, ["--import", "tsx", "server/scripts/wallet.ts", "--help"], {
      cwd: root,
      encoding: "utf8",
    });
    assert.match(text, /sample --out <folder>/);
    assert.match(text, /push/);
  });

  it("refuses a sample without a folder, or in an unknown language", async () => {
    await assert.rejects(runWalletCommand(["sample"], config), UsageError);
    await assert.rejects(runWalletCommand(["sample", "--out", out, "--lang", "de"], config), UsageError);
    await assert.rejects(runWalletCommand(["frobnicate"], config), UsageError);
  });

  it("sample writes signed passes and a Google save link, and says it used a throw-away test authority", async () => {
    const said = await runWalletCommand(["sample", "--out", out, "--lang", "ru"], config);
    assert.match(said, /THROW-AWAY TEST AUTHORITY/);
    assert.match(said, /THROW-AWAY TEST KEY/);
    const files = readdirSync(out);
    const passes = files.filter((f) => f.endsWith(".pkpass"));
    assert.equal(passes.length, 2, files.join(", "));
    assert.equal(files.filter((f) => f.endsWith(".pkpasses")).length, 1);
    const rootPem = readFileSync(path.join(out, "test-authority-root.pem"), "utf8");
    for (const name of passes) {
      const pass = readZip(readFileSync(path.join(out, name)));
      verifyPass(pass, rootPem);
      const json = JSON.parse(pass.get("pass.json")!.toString("utf8"));
      assert.ok(json.barcodes[0].message.startsWith("T1."), "the signed QR payload");
      assert.ok(Number(json.eventTicket.primaryFields.length) > 0);
    }
    const link = readFileSync(path.join(out, "google-save-link.txt"), "utf8").trim();
    assert.ok(link.startsWith("https://pay.google.com/gp/v/save/"));
    const claims = verifyJwt(
      readFileSync(path.join(out, "google-jwt.txt"), "utf8").trim(),
      readFileSync(path.join(out, "test-google-public-key.pem"), "utf8"),
    );
    const objects = (claims.payload as { eventTicketObjects: Record<string, unknown>[] }).eventTicketObjects;
    assert.equal(objects.length, 2);
    for (const o of objects) assertEventTicketObject(o, String(o.id).split(".")[0]!);
  });
});
