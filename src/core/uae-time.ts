/**
 * The catalogue's events happen in the UAE, and every date and time is read and shown in UAE
 * time: Asia/Dubai, UTC+4 all year (no daylight saving), so a fixed offset is exact.
 */
export const UAE_TIME_ZONE = "Asia/Dubai";
/** The offset as the catalogue writes it in its times ("2026-12-01T20:00:00+04:00"). */
export const UAE_UTC_OFFSET = "+04:00";
export const UAE_OFFSET_MS = 4 * 60 * 60 * 1000;

/** Noon of a UAE calendar day ("2026-12-01"): an instant that is that day in UAE time. */
export function uaeNoon(day: string): string {
  return `${day}T12:00:00${UAE_UTC_OFFSET}`;
}
