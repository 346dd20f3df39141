/**
 * Issuing tickets when an order is paid: each gets a unique printed code and a QR text signed
 * with the shop's key (the door verifies it, online or offline), and a cancelled one is revoked.
 */
import { randomInt } from "node:crypto";
import { normaliseCode } from "../../../src/core/ticket-code";
import type { TicketsRepository } from "../basket/tickets-repository";
import { validityWindow } from "../checkin/redeem-rules";
import type { SigningKeys } from "../checkin/signing";
import { notFound } from "../lib/errors";
import type { IssuedTicket, IssuedTicketsRepository } from "./issued-tickets";

/** Codes for people avoid look-alikes: no 0/O, 1/I/L (as order numbers). */
const PEOPLE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const randomChars = (n: number): string =>
  Array.from({ length: n }, () => PEOPLE_ALPHABET[randomInt(PEOPLE_ALPHABET.length)]).join("");

/** A ticket just issued: its code, the signed text its QR holds, and the session it admits to (ms). */
export interface NewTicket {
  code: string;
  qr: string;
  event_id: number;
  ticket_id: number;
  started_at: number | null;
  ends_at: number | null;
}

export function ticketIssuing(issued: IssuedTicketsRepository, tickets: TicketsRepository, keys: SigningKeys) {
  return {
    /**
     * Codes and signed QR texts for the tickets of an order, recorded with a unique code.
     * Runs inside the order's transaction.
     */
    async issue(
      order: { id: string; number: string; name: string },
      items: ReadonlyArray<{ ticketId: number; count: number }>,
      now: number,
    ): Promise<NewTicket[]> {
      const out: NewTicket[] = [];
      for (const item of items) {
        const info = await tickets.info(item.ticketId);
        const window = info ? validityWindow(info.startedAt, info.finishedAt) : { validFrom: now, validTo: now };
        const eventId = info?.eventId ?? 0;
        const sessionId = info?.sessionId ?? 0;
        for (let i = 0; i < item.count; i++) {
          let code: string;
          let id: number | undefined;
          do {
            code = `UAE-${randomChars(5)}-${randomChars(5)}`;
            id = await issued.insert(
              {
                code,
                orderId: order.id,
                orderNumber: order.number,
                holder: order.name,
                eventId,
                sessionId,
                ticketId: item.ticketId,
                ...window,
              },
              now,
            );
          } while (id === undefined);
          const qr = await keys.sign({ ticketId: id, eventId, sessionId, categoryId: item.ticketId, ...window }, now);
          out.push({
            code,
            qr,
            event_id: eventId,
            ticket_id: item.ticketId,
            started_at: info?.startedAt ?? null,
            ends_at: info?.finishedAt ?? null,
          });
        }
      }
      return out;
    },

    /** The ticket a code names, however it was typed. */
    byCode: (code: string): Promise<IssuedTicket | undefined> => issued.byCode(normaliseCode(code)),

    /** A cancelled ticket: its code and QR are refused from now on. */
    async revoke(code: string, now: number): Promise<IssuedTicket> {
      const t = await issued.byCode(normaliseCode(code));
      if (!t) throw notFound(`no ticket with code ${code}`, "not_found");
      await issued.revoke(t.id, now);
      return (await issued.byId(t.id)) as IssuedTicket;
    },
  };
}
export type TicketIssuing = ReturnType<typeof ticketIssuing>;
