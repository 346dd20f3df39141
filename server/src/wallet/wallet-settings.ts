/**
 * The wallet settings, read from the environment. Certificates and keys are given either as
 * their contents (PEM, or the service account's JSON) or as the path of a file holding them, so
 * they can come from a secret store or a mounted file; neither is ever kept in the repository.
 */
import { readFileSync } from "node:fs";

export interface WalletSettings {
  /** the pass-type certificate (PEM, or a path to it); empty = no Apple Wallet passes */
  appleCert: string;
  /** its private key (PEM, or a path) */
  appleKey: string;
  appleKeyPassphrase: string;
  /** Apple's WWDR intermediate certificate (PEM, or a path) */
  appleWwdr: string;
  /** pass.ae.example.tickets; read from the certificate's UID when empty */
  applePassTypeId: string;
  /** the Apple team id; read from the certificate's OU when empty */
  appleTeamId: string;
  /** "off", "production" (api.push.apple.com) or "development" (api.sandbox.push.apple.com) */
  applePush: "off" | "production" | "development";
  /** how often passes on phones are checked for changes to push, ms (0 = never) */
  updateCheckMs: number;
  /** the Google Wallet issuer id (a number from the Google Pay & Wallet Console); empty = no Google Wallet links */
  googleIssuerId: string;
  /** the issuer's service account key (its JSON, or a path to the JSON file) */
  googleServiceAccount: string;
  /** the key of the links' tokens and the passes' authentication tokens; empty = a random one kept in the database */
  secret: string;
}

export function walletSettings(env: NodeJS.ProcessEnv): WalletSettings {
  const push = env.WALLET_APPLE_PUSH;
  const check = Number(env.WALLET_UPDATE_CHECK_S ?? "300");
  return {
    appleCert: env.WALLET_APPLE_CERT ?? "",
    appleKey: env.WALLET_APPLE_KEY ?? "",
    appleKeyPassphrase: env.WALLET_APPLE_KEY_PASSPHRASE ?? "",
    appleWwdr: env.WALLET_APPLE_WWDR ?? "",
    applePassTypeId: env.WALLET_APPLE_PASS_TYPE_ID ?? "",
    appleTeamId: env.WALLET_APPLE_TEAM_ID ?? "",
    applePush: push === "production" || push === "development" ? push : "off",
    updateCheckMs: Number.isFinite(check) && check > 0 ? check * 1000 : 0,
    googleIssuerId: env.WALLET_GOOGLE_ISSUER_ID ?? "",
    googleServiceAccount: env.WALLET_GOOGLE_SERVICE_ACCOUNT ?? "",
    secret: env.WALLET_SECRET ?? "",
  };
}

/** A setting's contents: the value itself when it looks like contents, else the file it names. */
export function contentsOf(value: string, looksLikeContents: (v: string) => boolean): string {
  const v = value.trim();
  return looksLikeContents(v) ? v : readFileSync(v, "utf8");
}

export const isPem = (v: string): boolean => v.startsWith("-----BEGIN");
export const isJson = (v: string): boolean => v.startsWith("{");
