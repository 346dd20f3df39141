/**
 * The search form: free text, city, venue, categories, dates and star cast. Every change
 * goes straight to the URL state (text after a short pause), so there is no submit step;
 * the form still submits on Enter without reloading, for keyboard users who expect it.
 */
import type React from "react";
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Facet, MAX_SEARCH_LENGTH } from "../core/catalogue";
import { EMPTY_SEARCH, isEmptySearch, type SearchState, withDate } from "./search-query";
import * as styles from "./search.module.css";

const TEXT_DELAY_MS = 350;

/** The two ends of the date range, each its own labelled field. */
const DATE_ENDS = [
  { end: "from", label: "search.dateFrom" },
  { end: "to", label: "search.dateTo" },
] as const;

export interface SearchFacets {
  categories: Facet[];
  locations: Facet[];
  places: Facet[];
}

interface SearchFiltersProps {
  state: SearchState;
  facets: SearchFacets;
  onChange(next: SearchState): void;
  /** the visitor asked for the search (Enter) */
  onSubmit?(): void;
}

function toggle(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

export function SearchFilters({ state, facets, onChange, onSubmit }: SearchFiltersProps): React.JSX.Element {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(state.q);
  /** set when a date the visitor chose moved the other end of the range */
  const [datesMoved, setDatesMoved] = useState(false);
  const setDate = (end: "from" | "to", value: string) => {
    const next = withDate(state, end, value);
    setDatesMoved(next.moved);
    onChange(next.state);
  };
  // The text box suggests a query that finds something: the venue with the most events.
  const example = useMemo(
    () => [...facets.places].sort((a, b) => (b.eventsCount ?? 0) - (a.eventsCount ?? 0))[0]?.title ?? null,
    [facets.places],
  );

  // the URL changed under us (Back, a shared link): show its text
  useEffect(() => setText(state.q), [state.q]);

  useEffect(() => {
    if (text === state.q) return undefined;
    const timer = window.setTimeout(() => onChange({ ...state, q: text }), TEXT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, state, onChange]);

  const city = state.cities[0] ?? null;
  const places = useMemo(
    () => (city === null ? facets.places : facets.places.filter((p) => p.locationId === null || p.locationId === city)),
    [facets.places, city],
  );

  return (
    <form
      className={styles.filters}
      role="search"
      aria-label={t("search.filtersLabel")}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...state, q: text });
        onSubmit?.();
      }}
    >
      <div className={styles.field}>
        <label htmlFor={`${id}-q`}>{t("search.textLabel")}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={example ? t("search.textPlaceholderExample", { example }) : t("search.textPlaceholder")}
          autoComplete="off"
          enterKeyHint="search"
          dir="auto"
          onChange={(event) => setText(event.target.value)}
        />
      </div>

      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={`${id}-city`}>{t("search.city")}</label>
          <select
            id={`${id}-city`}
            value={city ?? ""}
            onChange={(event) => {
              const value = Number(event.target.value);
              // a venue in another city would make the search empty: let it go with the city
              onChange({ ...state, cities: value ? [value] : [], places: [] });
            }}
          >
            <option value="">{t("search.allCities")}</option>
            {facets.locations.map((location) => (
              <option key={location.id} value={location.id}>
                {location.title}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-place`}>{t("search.place")}</label>
          <select
            id={`${id}-place`}
            value={state.places[0] ?? ""}
            onChange={(event) => {
              const value = Number(event.target.value);
              onChange({ ...state, places: value ? [value] : [] });
            }}
          >
            <option value="">{t("search.allPlaces")}</option>
            {places.map((place) => (
              <option key={place.id} value={place.id}>
                {place.title}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className={styles.row}>
        {DATE_ENDS.map(({ end, label }) => (
          <div className={styles.field} key={end}>
            <label htmlFor={`${id}-${end}`}>{t(label)}</label>
            <input
              id={`${id}-${end}`}
              type="date"
              value={state[end]}
              // each end stays on its side of the other
              min={end === "to" ? state.from || undefined : undefined}
              max={end === "from" ? state.to || undefined : undefined}
              aria-describedby={`${id}-date-hint`}
              onChange={(event) => setDate(end, event.target.value)}
            />
          </div>
        ))}
      </div>
      <p id={`${id}-date-hint`} className={styles.hint} aria-live="polite">
        {datesMoved ? t("search.datesMoved") : t("search.dateHint")}
      </p>

      {facets.categories.length > 0 && (
        <fieldset className={styles.categories}>
          <legend>{t("search.categories")}</legend>
          <div className={styles.chips}>
            {facets.categories.map((category) => (
              <label key={category.id} className={styles.chip}>
                <input
                  type="checkbox"
                  checked={state.categories.includes(category.id)}
                  onChange={() => onChange({ ...state, categories: toggle(state.categories, category.id) })}
                />
                <span>{category.title}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <label className={styles.check}>
        <input
          type="checkbox"
          checked={state.star}
          onChange={(event) => onChange({ ...state, star: event.target.checked })}
        />
        <span>{t("search.starCast")}</span>
      </label>

      <div className={styles.actions}>
        <button type="submit" className="btn">
          {t("search.submit")}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={isEmptySearch(state) && text === ""}
          onClick={() => {
            setText("");
            onChange(EMPTY_SEARCH);
          }}
        >
          {t("search.reset")}
        </button>
      </div>
    </form>
  );
}
