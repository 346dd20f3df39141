/**
 * Every command of the project (each package.json script that runs one of its files with tsx,
 * `npm run checkin`, `npm run publish`, the benchmarks, ...) answers `--help` with its usage
 * and exit code 0, and does nothing else: no server started, no file touched, no token asked.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";

const ROOT = path.resolve(__dirname, "../..");
const scripts = (
  JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts;
/** name -> the file it runs */
const commands = Object.entries(scripts)
  .map(([name, line]) => [name, /^tsx (\S+\.ts)$/.exec(line)?.[1]] as const)
  .filter((entry): entry is readonly [string, string] => entry[1] !== undefined);

function run(file: string, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    let out = "";
    let err = "";
    // PUBLISH_TOKEN unset: the publisher's help must not need it
    const env = { ...process.env, PUBLISH_TOKEN: "" };
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, file), ...args], { cwd: ROOT, env });
    child.stdout.on("data", (chunk: Buffer) => (out += chunk));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk));
    child.once("exit", (code) => resolve({ code, out, err }));
  });
}

describe("--help on every command of the project", () => {
  it("finds the commands in package.json", () => {
    for (const name of ["checkin", "publish", "publisher", "deploy", "origin", "mail:outbox", "server:seed-scale"])
      assert.ok(
        commands.some(([n]) => n === name),
        name,
      );
    assert.ok(commands.filter(([n]) => n.startsWith("bench:")).length >= 4);
  });

  for (const [name, file] of commands) {
    it(`npm run ${name} -- --help prints its usage and exits 0`, { timeout: 60_000 }, async () => {
      const { code, out, err } = await run(file, ["--help"]);
      assert.equal(code, 0, `${out}\n${err}`);
      assert.match(out, /^usage: /m);
      const invocation = name === "start" || name === "test" ? `npm ${name}` : `npm run ${name}`;
      assert.ok(out.includes(invocation), `the usage names ${invocation}:\n${out}`);
    });
  }

  it("npm run checkin -- -h prints the commands", { timeout: 60_000 }, async () => {
    const { code, out } = await run("server/scripts/checkin.ts", ["-h"]);
    assert.equal(code, 0);
    assert.match(out, /list-create --event <id> --name <name>/);
  });
});
