import { feature } from "../http/feature";
import { outboxRepository } from "./outbox-repository";

/**
 * The mail outbox: the e-mails orders cause, queued in the transaction of the change. Who delivers
 * them (server/src/mail/notifier.ts) is given to the app by whoever starts it.
 */
export const mailFeature = feature("mail", ["core"], async (_app, deps) => {
  deps.outbox = outboxRepository(deps.db);
});
