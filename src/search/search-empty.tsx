/**
 * What the search page shows when nothing matches: what was searched, one button per filter
 * to drop it, wider dates when dates were chosen, and the most popular upcoming events, so
 * the visitor always has a next step that finds something.
 */
import type React from "react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { loadCatalogueClient } from "../clients/load-catalogue-client";
import type { EventSummary, Lang } from "../core/catalogue";
import { formatDate } from "../core/format";
import { uaeNoon } from "../core/uae-time";
import { EventGrid } from "../events/event-grid";
import { usePageLanguage } from "../kernel/site-context";
import type { SearchFacets } from "./search-filters";
import { type SearchState, widenDates } from "./search-query";
import * as styles from "./search.module.css";

const NEARBY_DAYS = 3;
const POPULAR_COUNT = 4;

interface Filter {
  key: string;
  label: string;
  without: SearchState;
}

/** Each active filter, in words, with the search as it would be without it. */
function activeFilters(
  state: SearchState,
  facets: SearchFacets,
  lang: Lang,
  t: (key: string, options?: Record<string, unknown>) => string,
): Filter[] {
  const titleOf = (list: SearchFacets["places"], id: number) => list.find((f) => f.id === id)?.title ?? `#${id}`;
  const day = (d: string) => formatDate(uaeNoon(d), lang);
  const filters: Filter[] = [];
  if (state.q.trim())
    filters.push({ key: "q", label: t("search.emptyText", { q: state.q.trim() }), without: { ...state, q: "" } });
  for (const id of state.cities)
    filters.push({
      key: `c${id}`,
      label: titleOf(facets.locations, id),
      without: { ...state, cities: state.cities.filter((x) => x !== id), places: [] },
    });
  for (const id of state.places)
    filters.push({
      key: `p${id}`,
      label: titleOf(facets.places, id),
      without: { ...state, places: state.places.filter((x) => x !== id) },
    });
  for (const id of state.categories)
    filters.push({
      key: `k${id}`,
      label: titleOf(facets.categories, id),
      without: { ...state, categories: state.categories.filter((x) => x !== id) },
    });
  if (state.from || state.to) {
    const label =
      state.from && state.to && state.from !== state.to
        ? t("search.emptyDates", { from: day(state.from), to: day(state.to) })
        : day(state.from || state.to);
    filters.push({ key: "dates", label, without: { ...state, from: "", to: "" } });
  }
  if (state.star) filters.push({ key: "star", label: t("search.starCast"), without: { ...state, star: false } });
  return filters;
}

export function SearchEmpty({
  state,
  facets,
  onChange,
}: {
  state: SearchState;
  facets: SearchFacets;
  onChange(next: SearchState): void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const [popular, setPopular] = useState<EventSummary[]>([]);
  const filters = activeFilters(state, facets, lang, t);
  const wider = state.from || state.to ? widenDates(state, NEARBY_DAYS) : null;

  useEffect(() => {
    const abort = new AbortController();
    loadCatalogueClient()
      .then((client) =>
        client.listEvents(
          { sort_by: "popularity", sort_on: "desc", page: 1, page_size: POPULAR_COUNT },
          lang,
          abort.signal,
        ),
      )
      .then((page) => {
        if (!abort.signal.aborted) setPopular(page.results);
      })
      .catch(() => {
        // the popular events are a suggestion; without them the filters still help
      });
    return () => abort.abort();
  }, [lang]);

  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{t("search.emptyTitle")}</p>
      {filters.length > 0 && (
        <>
          <p>{t("search.emptySearched")}</p>
          <ul className={styles.emptyFilters}>
            {filters.map((filter) => (
              <li key={filter.key}>
                <button type="button" className="chip" onClick={() => onChange(filter.without)}>
                  <bdi>{filter.label}</bdi>
                  <span aria-hidden="true"> ×</span>
                  <span className="visually-hidden">{` — ${t("search.emptyRemove")}`}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {wider && (
        <p>
          <button type="button" className="btn btn-ghost" onClick={() => onChange(wider)}>
            {t("search.emptyNearby", {
              from: formatDate(uaeNoon(wider.from), lang),
              to: formatDate(uaeNoon(wider.to), lang),
            })}
          </button>
        </p>
      )}
      {popular.length > 0 && (
        <section aria-labelledby="search-popular-heading" className={styles.popular}>
          <h3 id="search-popular-heading">{t("search.emptyPopular")}</h3>
          <EventGrid events={popular} headingLevel={4} />
        </section>
      )}
    </div>
  );
}
