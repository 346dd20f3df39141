/**
 * A throw-away certificate authority made with the openssl command: a root, an intermediate in
 * the place of Apple's WWDR, a pass-type certificate it signs (with a pass type id and team id
 * in its subject, as Apple's have), and a Google-style service account key. The tests sign with
 * it, and `npm run wallet -- sample` does when no real certificates are configured, so the whole
 * path can be tried without Apple's or Google's accounts. Nothing made here is trusted by a phone.
 */
import { execFileSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface TestAuthority {
  /** the root a verifier trusts (in the place of Apple's root) */
  rootPem: string;
  /** in the place of Apple's WWDR intermediate */
  wwdrPem: string;
  passCertPem: string;
  passKeyPem: string;
  passTypeId: string;
  teamId: string;
  /** a service account key file as Google gives it (JSON) */
  googleServiceAccount: string;
  googlePublicKeyPem: string;
  googleIssuerId: string;
  /** a server certificate for 127.0.0.1, for local stand-ins of Apple's services */
  localCertPem: string;
  localKeyPem: string;
}

export function makeTestAuthority(passTypeId = "pass.ae.uaetickets.test", teamId = "TESTTEAM01"): TestAuthority {
  const dir = mkdtempSync(path.join(tmpdir(), "wallet-ca-"));
  const at = (name: string) => path.join(dir, name);
  // the options as one would type them; a value with spaces (a subject) comes after, as its own argument
  const openssl = (options: string, ...values: string[]) =>
    execFileSync("openssl", [...options.split(" "), ...values], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  try {
    writeFileSync(at("ca.ext"), "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n");
    writeFileSync(at("leaf.ext"), "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n");
    writeFileSync(
      at("local.ext"),
      "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nsubjectAltName=IP:127.0.0.1\n",
    );
    openssl(
      "req -x509 -newkey rsa:2048 -nodes -keyout root.key -out root.pem -days 2 -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign -subj",
      "/CN=Test Root (not Apple)",
    );
    // a key and a certificate signing request, then the certificate signed by `ca` with the extensions in `ext`
    const issue = (name: string, subject: string, ca: string, ext: string) => {
      openssl(`req -newkey rsa:2048 -nodes -keyout ${name}.key -out ${name}.csr -subj`, subject);
      openssl(
        `x509 -req -in ${name}.csr -CA ${ca}.pem -CAkey ${ca}.key -CAcreateserial -out ${name}.pem -days 2 -extfile ${ext}`,
      );
    };
    issue("wwdr", "/CN=Test WWDR Intermediate (not Apple)/OU=G4/O=Test", "root", "ca.ext");
    issue(
      "pass",
      `/UID=${passTypeId}/CN=Pass Type ID: ${passTypeId}/OU=${teamId}/O=Test Shop/C=AE`,
      "wwdr",
      "leaf.ext",
    );
    issue("local", "/CN=127.0.0.1", "root", "local.ext");
    const google = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const googleKey = google.privateKey.export({ format: "pem", type: "pkcs8" }).toString();
    return {
      rootPem: readFileSync(at("root.pem"), "utf8"),
      wwdrPem: readFileSync(at("wwdr.pem"), "utf8"),
      passCertPem: readFileSync(at("pass.pem"), "utf8"),
      passKeyPem: readFileSync(at("pass.key"), "utf8"),
      passTypeId,
      teamId,
      googleServiceAccount: JSON.stringify({
        type: "service_account",
        client_email: "wallet-test@test-project.iam.gserviceaccount.com",
        private_key: googleKey,
      }),
      googlePublicKeyPem: google.publicKey.export({ format: "pem", type: "spki" }).toString(),
      googleIssuerId: "3388000000012345678",
      localCertPem: readFileSync(at("local.pem"), "utf8"),
      localKeyPem: readFileSync(at("local.key"), "utf8"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
