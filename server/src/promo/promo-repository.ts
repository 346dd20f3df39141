import type { Db } from "../db/database";
import { inList } from "../db/sql";
import { RESERVE_IN_FORCE, RESERVED_FOR_OTHERS } from "./promo-reserve-sql";
import type { PromoCode, PromoEventDiscount, PromoKind } from "./promo-rules";

interface CodeRow {
  id: number;
  code: string;
  kind: PromoKind;
  value: number;
  event_ids: string | null;
  ticket_ids: string | null;
  max_uses: number | null;
  per_buyer: number | null;
  valid_from: number | null;
  valid_until: number | null;
  disabled_at: number | null;
  reserve: number | null;
}

export type NewPromoCode = Omit<PromoCode, "id" | "disabledAt">;

const ids = (text: string | null): number[] | null => (text === null ? null : (JSON.parse(text) as number[]));

const toCode = (r: CodeRow): PromoCode => ({
  id: Number(r.id),
  code: r.code,
  kind: r.kind,
  value: Number(r.value),
  eventIds: ids(r.event_ids),
  ticketIds: ids(r.ticket_ids),
  maxUses: r.max_uses,
  perBuyer: r.per_buyer,
  validFrom: r.valid_from === null ? null : Number(r.valid_from),
  validUntil: r.valid_until === null ? null : Number(r.valid_until),
  disabledAt: r.disabled_at === null ? null : Number(r.disabled_at),
  reserve: r.reserve === null ? null : Number(r.reserve),
});

const COLUMNS =
  "id, code, kind, value, event_ids, ticket_ids, max_uses, per_buyer, valid_from, valid_until, disabled_at, reserve";
// a use counts while its order can still be paid or is paid: an expired or cancelled order gave it back
const ACTIVE_USES = `FROM promo_uses u JOIN orders o ON o.id = u.order_id
  WHERE u.code_id = ? AND o.status NOT IN ('expired', 'cancelled')`;

export interface PromoUse {
  code: string;
  discount: number;
  events: PromoEventDiscount[];
}

/** Promo codes, the code each session has entered, and the orders that used one. */
export function promoRepository(db: Db) {
  async function insertCode(c: NewPromoCode, now: number): Promise<number> {
    const row = await db.one<{ id: number }>(
      `INSERT INTO promo_codes (code, kind, value, event_ids, ticket_ids, max_uses, per_buyer, valid_from, valid_until, created_at, reserve)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING RETURNING id`,
      [
        c.code,
        c.kind,
        c.value,
        c.eventIds === null ? null : JSON.stringify(c.eventIds),
        c.ticketIds === null ? null : JSON.stringify(c.ticketIds),
        c.maxUses,
        c.perBuyer,
        c.validFrom,
        c.validUntil,
        now,
        c.reserve,
      ],
    );
    return row ? Number(row.id) : 0;
  }

  return {
    /** The new code's id, or 0 when the code exists; a reserving code's categories get their reserves. */
    async insert(c: NewPromoCode, now: number): Promise<number> {
      return db.withTransaction(async () => {
        const id = await insertCode(c, now);
        if (id !== 0 && c.reserve !== null)
          for (const ticketId of c.ticketIds ?? [])
            await db.run("INSERT INTO promo_reserves (ticket_id, code_id) VALUES (?, ?)", [ticketId, id]);
        return id;
      });
    },
    /**
     * Per ticket category: whether it exists, and its seats nobody holds, has bought or has reserved
     * (every code's reserve counts, whatever its dates: a reserve is checked against what is free now).
     */
    async freeSeats(ticketIds: readonly number[], now: number): Promise<Map<number, number>> {
      const list = inList(ticketIds);
      const rows = await db.all<{ id: number; free: number }>(
        `SELECT id, total - sold - held - ${RESERVED_FOR_OTHERS} AS free FROM tickets WHERE id IN ${list.text}`,
        [now, "", ...list.params],
      );
      return new Map(rows.map((r) => [Number(r.id), Number(r.free)]));
    },
    /** What is left of a code's reserve per ticket category: empty once it is disabled, used up or past. */
    async reservedLeft(codeId: number, now: number): Promise<Array<{ ticketId: number; left: number }>> {
      const rows = await db.all<{ ticket_id: number; seats_left: number }>(
        `SELECT ticket_id, seats_left FROM promo_reserved WHERE code_id = ? AND ${RESERVE_IN_FORCE} ORDER BY ticket_id`,
        [codeId, now],
      );
      return rows.map((r) => ({ ticketId: Number(r.ticket_id), left: Math.max(0, Number(r.seats_left)) }));
    },
    async byCode(code: string): Promise<PromoCode | undefined> {
      const r = await db.one<CodeRow>(`SELECT ${COLUMNS} FROM promo_codes WHERE code = ?`, [code]);
      return r && toCode(r);
    },
    async byId(id: number): Promise<PromoCode | undefined> {
      const r = await db.one<CodeRow>(`SELECT ${COLUMNS} FROM promo_codes WHERE id = ?`, [id]);
      return r && toCode(r);
    },
    async all(): Promise<PromoCode[]> {
      return (await db.all<CodeRow>(`SELECT ${COLUMNS} FROM promo_codes ORDER BY code`)).map(toCode);
    },
    async disable(code: string, now: number): Promise<boolean> {
      const r = await db.run("UPDATE promo_codes SET disabled_at = ? WHERE code = ? AND disabled_at IS NULL", [
        now,
        code,
      ]);
      return r.changes > 0;
    },
    async uses(codeId: number): Promise<number> {
      return Number((await db.one<{ n: number }>(`SELECT COUNT(*) AS n ${ACTIVE_USES}`, [codeId]))?.n ?? 0);
    },
    async usesBy(codeId: number, buyer: string): Promise<number> {
      const r = await db.one<{ n: number }>(`SELECT COUNT(*) AS n ${ACTIVE_USES} AND u.buyer = ?`, [codeId, buyer]);
      return Number(r?.n ?? 0);
    },
    async ofSession(sessionId: string): Promise<number | undefined> {
      const r = await db.one<{ code_id: number }>("SELECT code_id FROM promo_sessions WHERE session_id = ?", [
        sessionId,
      ]);
      return r ? Number(r.code_id) : undefined;
    },
    async enter(sessionId: string, codeId: number, now: number): Promise<void> {
      await db.run(
        `INSERT INTO promo_sessions (session_id, code_id, applied_at) VALUES (?, ?, ?)
         ON CONFLICT (session_id) DO UPDATE SET code_id = excluded.code_id, applied_at = excluded.applied_at`,
        [sessionId, codeId, now],
      );
    },
    async leave(sessionId: string): Promise<void> {
      await db.run("DELETE FROM promo_sessions WHERE session_id = ?", [sessionId]);
    },
    async recordUse(orderId: string, codeId: number, buyer: string, use: PromoUse, now: number): Promise<void> {
      await db.run(
        "INSERT INTO promo_uses (order_id, code_id, buyer, discount, detail_json, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        [orderId, codeId, buyer, use.discount, JSON.stringify(use.events), now],
      );
    },
    async ofOrder(orderId: string): Promise<PromoUse | undefined> {
      const r = await db.one<{ code: string; discount: number; detail_json: string }>(
        `SELECT c.code, u.discount, u.detail_json FROM promo_uses u JOIN promo_codes c ON c.id = u.code_id
         WHERE u.order_id = ?`,
        [orderId],
      );
      return r && { code: r.code, discount: Number(r.discount), events: JSON.parse(r.detail_json) };
    },
  };
}
export type PromoRepository = ReturnType<typeof promoRepository>;
