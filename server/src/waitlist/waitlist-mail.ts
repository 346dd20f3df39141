import "../../../src/core/date-locales-all";
import { formatDateTime } from "../../../src/core/format";
import { absoluteUrl, href } from "../../../src/core/routes";
import type { Db } from "../db/database";
import type { Lang } from "../lib/i18n";
import { toUaeIso } from "../lib/time";
import type { MailTransport } from "../mail/transport";
import type { WaitlistEntry } from "./waitlist-repository";
import { ticketCount, WAITLIST_TEXTS } from "./waitlist-texts";

/** Which e-mail of an entry: each is sent at most once (the outbox's key is the entry and the kind). */
export type WaitlistMailKind = "joined" | "offer" | "closed";

/** What an e-mail names: the event and category in the entry's language, and the links of the entry. */
export interface MailContext {
  eventTitle: string;
  ticketTitle: string;
  /** the event page with the entry's signed token in the fragment */
  leaveUrl: string;
  offerUrl: string;
  offerHours: number;
}

export interface WaitlistMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ""));
// Latin names and numbers inside Arabic (and Arabic inside Latin) keep their own direction
const isolate = (s: string): string => `<bdi>${escapeHtml(s)}</bdi>`;

/** The event page's address in the entry's language, with what the visitor can do there in the fragment. */
export function entryLink(siteUrl: string, eventId: number, lang: Lang, action: "offer" | "leave", token: string) {
  return `${absoluteUrl(siteUrl, href.event(eventId), lang)}#waitlist-${action}=${encodeURIComponent(token)}`;
}

/** One e-mail of the waiting list, in the entry's language (plain text and HTML, right to left in Arabic). */
export function composeWaitlistMail(kind: WaitlistMailKind, e: WaitlistEntry, c: MailContext): WaitlistMail {
  const t = WAITLIST_TEXTS[e.lang];
  const dir = e.lang === "ar" ? "rtl" : "ltr";
  const values = {
    event: c.eventTitle,
    ticket: c.ticketTitle,
    tickets: ticketCount(e.count, e.lang),
    hours: c.offerHours,
    until: e.offerExpiresAt === null ? "" : formatDateTime(toUaeIso(e.offerExpiresAt), e.lang),
  };
  const htmlValues = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, isolate(String(v))]));
  const paragraphs: Array<[string, string]> = [];
  let button: { url: string; label: string } | null = null;
  const subject = fill(
    kind === "joined" ? t.joinedSubject : kind === "offer" ? t.offerSubject : t.closedSubject,
    values,
  );
  if (kind === "joined") {
    paragraphs.push([fill(t.joinedIntro, values), fill(t.joinedIntro, htmlValues)]);
    paragraphs.push([fill(t.joinedHow, values), fill(t.joinedHow, htmlValues)]);
  } else if (kind === "offer") {
    paragraphs.push([fill(t.offerIntro, values), fill(t.offerIntro, htmlValues)]);
    button = { url: c.offerUrl, label: t.offerButton };
    paragraphs.push([t.offerAfter, escapeHtml(t.offerAfter)]);
  } else paragraphs.push([fill(t.closedIntro, values), fill(t.closedIntro, htmlValues)]);
  const leave = kind !== "closed";

  const text = [
    ...paragraphs.slice(0, 1).map(([p]) => p),
    ...(button ? [`${button.label}: ${button.url}`] : []),
    ...paragraphs.slice(1).map(([p]) => p),
    ...(leave ? [`${t.leaveLine}\n${c.leaveUrl}`] : []),
    `— ${t.shopName}`,
  ].join("\n\n");
  const p = (html: string) => `<p style="margin:0 0 16px">${html}</p>`;
  const html = `<!doctype html><html lang="${e.lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,sans-serif;font-size:16px;line-height:1.5;color:#222" dir="${dir}">
<div style="max-width:560px;margin:0 auto;text-align:start">
<h1 style="font-size:20px;margin:0 0 16px;color:#c2185b">${escapeHtml(t.shopName)}</h1>
${paragraphs
  .slice(0, 1)
  .map(([, h]) => p(h))
  .join("\n")}
${button ? p(`<a href="${escapeHtml(button.url)}" style="display:inline-block;padding:12px 20px;background:#c2185b;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(button.label)}</a>`) : ""}
${paragraphs
  .slice(1)
  .map(([, h]) => p(h))
  .join("\n")}
${leave ? p(`${escapeHtml(t.leaveLine)} <a href="${escapeHtml(c.leaveUrl)}">${escapeHtml(t.leaveButton)}</a>`) : ""}
</div></body></html>`;
  return { subject, text, html };
}

type MailRow = {
  entry_id: number;
  kind: WaitlistMailKind;
  to_address: string;
  lang: Lang;
  subject: string;
  text: string;
  html: string;
  attempts: number;
};

/** How long an instance that took an e-mail to deliver has before another may take it (it crashed mid-send). */
const LEASE_MS = 2 * 60_000;

/**
 * The waiting list's outbox: an e-mail is written in the transaction of the change that causes it
 * (a sign-up, an offer, a closed list), then delivered by `drain` on whichever instance gets to it
 * first. An instance takes an e-mail by moving its next attempt past a lease with a guarded UPDATE
 * (only one instance's UPDATE finds the old time), and sends it outside any transaction, so a slow
 * mail server never holds SQLite's one writer or a PostgreSQL connection.
 */
export function waitlistOutbox(db: Db) {
  return {
    async queue(entry: WaitlistEntry, kind: WaitlistMailKind, mail: WaitlistMail, now: number): Promise<void> {
      await db.run(
        `INSERT INTO waitlist_mail (entry_id, kind, to_address, lang, subject, text, html, state, attempts, next_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?) ON CONFLICT (entry_id, kind) DO NOTHING`,
        [entry.id, kind, entry.email, entry.lang, mail.subject, mail.text, mail.html, now, now],
      );
    },

    /** What was queued for an entry (tests, the organiser's command). */
    ofEntry(entryId: number): Promise<Array<MailRow & { state: string }>> {
      return db.all("SELECT * FROM waitlist_mail WHERE entry_id = ? ORDER BY created_at, kind", [entryId]);
    },

    /**
     * Delivers the e-mails that are due, one at a time: a sent one is marked sent, a failure is
     * tried again later (a doubling pause, at most `attempts` times, then kept as failed).
     * Returns how many were sent.
     */
    async drain(
      transport: MailTransport,
      opts: { from: string; replyTo: string; attempts: number; retryMs: number; now: () => number; limit?: number },
    ): Promise<number> {
      const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(opts.from)?.[1] ?? "uae-tickets.example";
      let sent = 0;
      for (let i = 0; i < (opts.limit ?? 50); i++) {
        const now = opts.now();
        const row = await db.one<MailRow & { next_at: number }>(
          `SELECT entry_id, kind, to_address, lang, subject, text, html, attempts, next_at FROM waitlist_mail
           WHERE state = 'pending' AND next_at <= ? ORDER BY next_at, entry_id, kind LIMIT 1`,
          [now],
        );
        if (!row) break;
        const key = [row.entry_id, row.kind];
        const taken = await db.run(
          "UPDATE waitlist_mail SET next_at = ? WHERE entry_id = ? AND kind = ? AND state = 'pending' AND next_at = ?",
          [now + LEASE_MS, ...key, row.next_at],
        );
        if (taken.changes !== 1) continue;
        try {
          await transport.send(
            {
              to: row.to_address,
              replyTo: opts.replyTo,
              subject: row.subject,
              text: row.text,
              html: row.html,
              lang: row.lang,
              attachments: [],
            },
            `waitlist-${row.entry_id}-${row.kind}`,
            `<waitlist-${row.entry_id}.${row.kind}@${domain}>`,
          );
          await db.run(
            "UPDATE waitlist_mail SET state = 'sent', sent_at = ?, attempts = attempts + 1, last_error = NULL WHERE entry_id = ? AND kind = ?",
            [opts.now(), ...key],
          );
          sent += 1;
        } catch (err) {
          const attempts = Number(row.attempts) + 1;
          await db.run(
            "UPDATE waitlist_mail SET state = ?, attempts = ?, next_at = ?, last_error = ? WHERE entry_id = ? AND kind = ?",
            [
              attempts >= opts.attempts ? "failed" : "pending",
              attempts,
              opts.now() + opts.retryMs * 2 ** (attempts - 1),
              String((err as Error).message ?? err).slice(0, 500),
              ...key,
            ],
          );
        }
      }
      return sent;
    },
  };
}
export type WaitlistOutbox = ReturnType<typeof waitlistOutbox>;
