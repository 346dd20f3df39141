import { feature } from "../http/feature";
import { loadMailConfig } from "../mail/mail-config";
import { transportFor } from "../mail/transport";
import { waitlistOutbox } from "./waitlist-mail";
import { waitlistRepository } from "./waitlist-repository";
import { waitlistRoutes } from "./waitlist-routes";
import { type WaitlistService, waitlistService } from "./waitlist-service";
import { waitlistTokens } from "./waitlist-tokens";

declare module "../deps" {
  interface AppDeps {
    /** the waiting list of sold-out ticket categories (server/src/waitlist) */
    waitlist: WaitlistService;
  }
}

/**
 * The waiting list: sign-ups, offers when tickets come back, and its e-mails. Offers are made
 * right after expired holds are released, wherever that happens (a basket change, a catalogue
 * read, the sweep), so tickets that come back reach the people waiting before anyone else.
 */
export const waitlistFeature = feature("waitlist", ["core", "catalogue", "basket", "orders"], async (app, deps) => {
  const service = waitlistService(deps, {
    repo: waitlistRepository(deps.db),
    outbox: waitlistOutbox(deps.db),
    tokens: await waitlistTokens(deps.db),
  });
  deps.waitlist = service;

  const release = deps.releaseExpired;
  deps.releaseExpired = async (at) => {
    await release(at);
    try {
      await service.offerFreed(at);
    } catch (err) {
      // the request that released the holds is still answered; the next release or sweep offers again
      app.log.error(err);
    }
  };

  await app.register(async (scope) => waitlistRoutes(scope, deps, service));

  // a server that sweeps delivers the list's e-mails itself; an app without a sweep (tests) drains by hand
  const { sweepIntervalMs } = deps.config;
  if (sweepIntervalMs <= 0) return;
  const mail = loadMailConfig(deps.config);
  const transport = transportFor(mail);
  let draining: Promise<unknown> | undefined;
  const drain = () => {
    if (draining) return;
    draining = service.outbox
      .drain(transport, {
        from: mail.from,
        replyTo: mail.replyTo,
        attempts: mail.attempts,
        retryMs: mail.baseDelayMs,
        now: deps.now,
      })
      .catch((err) => app.log.error(err))
      .finally(() => {
        draining = undefined;
      });
  };
  service.kick = () => setImmediate(drain);
  const timer = setInterval(drain, sweepIntervalMs);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await draining;
    transport.close();
  });
});
