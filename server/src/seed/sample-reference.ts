/**
 * Reference data of the sample catalogue: cities, venues, performers, facets, currencies,
 * ways to pay. Written by hand in English, Russian and Arabic, kept as data in
 * data/sample-reference.json; this module gives each part its type.
 */
import data from "./data/sample-reference.json";

export interface Tr {
  en: string;
  ru: string;
  ar: string;
}

export const LOCATIONS = data.locations as Array<[number, Tr]>;

export interface PlaceSeed {
  id: number;
  location: number;
  title: Tr;
  address: Tr;
  lat: number;
  lng: number;
  halls: Tr[];
  about: Tr;
  image: boolean;
}

export const PLACES = data.places as PlaceSeed[];

export interface PersonSeed {
  id: number;
  title: Tr;
  about: Tr;
  image: boolean;
}

export const PERSONS = data.persons as PersonSeed[];

export const CATEGORY_TYPES = data.categoryTypes as Array<[number, Tr]>;

export const CATEGORIES = data.categories as Array<[number, number, Tr]>;

export const STAR_CAST_LABEL = 3;
export const LABELS = data.labels as Array<[number, Tr]>;

export interface CurrencySeed {
  code: string;
  symbol: string;
  title: Tr;
  decimals: number;
  /** fixed rate: 1 AED = rate units of this currency */
  rate: number;
}

export const CURRENCIES = data.currencies as CurrencySeed[];

export interface AcquisitionSeed {
  id: number;
  type: "card" | "apple_pay" | "google_pay" | "bank_transfer" | "cash";
  title: Tr;
  currencies: string[];
  fee: number;
  description: Tr;
}

export const ACQUISITIONS = data.acquisitions as AcquisitionSeed[];

/** Ticket categories offered by events of each kind: title, price in AED, seats. */
export type TierKind = "arena" | "theatre" | "comedy" | "sport" | "family" | "festival" | "club" | "free";
export const TIERS = data.tiers as Record<TierKind, Array<[Tr, number, number]>>;
