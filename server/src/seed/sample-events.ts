/**
 * The sample events and news. Dates are offsets from the day the database is seeded
 * (UAE time), so the catalogue never goes stale. Written by hand in three languages, kept as
 * data in data/sample-events.json; this module gives it its type.
 */
import data from "./data/sample-events.json";
import type { TierKind, Tr } from "./sample-reference";

export interface EventSeed {
  id: number;
  title: Tr;
  short: Tr;
  about: Tr;
  place: number;
  /** index into the place's halls, or null */
  hall: number | null;
  categories: number[];
  persons: number[];
  tiers: TierKind;
  /** days from the seeding day (UAE) of the first session */
  day: number;
  /**
   * the weekday the first session falls on (0 Sunday … 6 Saturday, UAE), for an event whose
   * title or text names its days: the first session moves to that weekday on or after `day`
   */
  weekday?: number;
  /** local UAE start time HH:MM */
  time: string;
  /** number of sessions and days between them */
  sessions?: [number, number];
  /** length of one session in hours (festivals: days * 24) */
  hours?: number;
  status?: "on_sale" | "sold_out" | "cancelled" | "postponed";
  labels?: number[];
  age?: number | null;
  image?: boolean;
  popularity: number;
}

export const EVENTS = data.events as EventSeed[];

export interface NewsSeed {
  id: number;
  /** days before the seeding day */
  daysAgo: number;
  events: number[];
  title: Tr;
  lead: Tr;
  body: Tr;
  image: boolean;
}

export const NEWS = data.news as NewsSeed[];
