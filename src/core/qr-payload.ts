/**
 * What a ticket's QR code holds, everywhere it is drawn (the tickets page, the printed
 * ticket, the e-mail): the signed payload when the server issued one (contract 2.1
 * `ETicket.qr`), otherwise the short code a door scanner also accepts.
 */
export function qrPayload(ticket: { code: string; qr?: string | null }): string {
  return ticket.qr ?? ticket.code;
}
