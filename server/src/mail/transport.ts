import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { ConfirmationMail } from "./compose";
import type { MailConfig } from "./mail-config";

/**
 * Delivers one composed e-mail; rejects when it was not delivered (the notifier retries).
 * `messageId` is the same for every attempt at one order event's e-mail.
 */
export interface MailTransport {
  send(mail: ConfirmationMail, fileStem: string, messageId?: string): Promise<{ where: string }>;
  close(): void;
}

function message(mail: ConfirmationMail, from: string, messageId: string | undefined) {
  return {
    from,
    replyTo: mail.replyTo,
    // an address object, not a string: nodemailer would read a string as a list with display names
    // (and decode what looks like an RFC 2047 encoded word); the address is sent exactly as stored
    to: { name: "", address: mail.to },
    ...(messageId ? { messageId } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: { "Content-Language": mail.lang },
    attachments: mail.attachments.map((a) => ({ ...a, contentDisposition: "inline" as const })),
  };
}

/** Through the SMTP server named by SMTP_URL (smtp://, smtps://, with credentials if any). */
export function smtpTransport(config: MailConfig & { smtpUrl: string }): MailTransport {
  const transporter = nodemailer.createTransport(config.smtpUrl, {
    // a mail server that hangs must not hold a retry slot for minutes
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail, _fileStem, messageId) {
      const info = await transporter.sendMail(message(mail, config.from, messageId));
      return { where: `smtp ${info.messageId}` };
    },
    close: () => transporter.close(),
  };
}

/**
 * Into OUTBOX_DIR as .eml files that any mail program opens: what a newcomer's machine
 * does without a mail server. Written to a temporary name and renamed, so a reader never
 * sees half a message; the name is the order event's, so sending one again replaces it.
 */
export function outboxTransport(config: MailConfig): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail, fileStem, messageId) {
      const info = await transporter.sendMail(message(mail, config.from, messageId));
      await mkdir(config.outboxDir, { recursive: true });
      const file = path.join(config.outboxDir, `${fileStem}.eml`);
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, info.message as Buffer);
      await rename(temp, file);
      return { where: file };
    },
    close: () => transporter.close(),
  };
}

export function transportFor(config: MailConfig): MailTransport {
  return config.smtpUrl ? smtpTransport({ ...config, smtpUrl: config.smtpUrl }) : outboxTransport(config);
}
