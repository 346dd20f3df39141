/**
 * Check-in at the door, put together from its parts: ticket issuing (server/src/tickets), gates
 * (lists.ts), devices and pairing (devices.ts), redeem and sync (redeem.ts), what a device reads
 * (lookup.ts) and reports (reports.ts). The routes, the command line and the order service
 * reach them through this one object.
 */
import type { TicketsRepository } from "../basket/tickets-repository";
import type { Db } from "../db/database";
import { issuedTicketsRepository } from "../tickets/issued-tickets";
import { ticketIssuing } from "../tickets/ticket-issuing";
import { checkinDevices } from "./devices";
import { checkinLists } from "./lists";
import { checkinLookup } from "./lookup";
import { checkinRedeem } from "./redeem";
import { checkinReports } from "./reports";
import { signingKeys } from "./signing";

export function checkinService(db: Db, tickets: TicketsRepository, opts: { siteUrl: string }) {
  const keys = signingKeys(db);
  const issued = issuedTicketsRepository(db);
  const issuing = ticketIssuing(issued, tickets, keys);
  const lists = checkinLists(db, issued);
  const devices = checkinDevices(db, lists, opts);
  const reports = checkinReports(db, { lists, issued, tickets });
  const redeem = checkinRedeem(db, { lists, devices, issued, tickets, keys, reports });
  const lookup = checkinLookup(db, { lists, tickets, keys });

  return {
    keys,

    // --- tickets -------------------------------------------------------------------------
    issue: issuing.issue,
    issuedByCode: issuing.byCode,
    revokeTicket: issuing.revoke,

    // --- lists and devices (the command line) ----------------------------------------
    createList: lists.create,
    list: lists.get,
    lists: lists.all,
    closeList: lists.close,
    counts: async (listId: number) => lists.counts(await lists.get(listId)),
    devices: devices.ofList,
    revokeDevice: devices.revoke,
    pairingLink: devices.pairingLink,

    // --- what devices do ---------------------------------------------------------------
    pair: devices.pair,
    authenticate: devices.authenticate,
    redeem: redeem.redeem,
    undo: redeem.undo,
    sync: redeem.sync,
    offlineData: lookup.offlineData,
    search: lookup.search,
    report: reports.report,
  };
}

export type CheckinService = ReturnType<typeof checkinService>;
