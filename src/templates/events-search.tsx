/**
 * /events/search/: filters from the catalogue's facets (built in), results from the
 * catalogue in the browser, the search kept in the URL query.
 */
import { graphql } from "gatsby";
import type React from "react";
import { Suspense, useCallback, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { deferredPart, KeptUntilLoaded } from "../app/deferred-part";
import { PageShell } from "../app/page-shell";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { EventsSearchPageContext } from "../core/page-context";
import { usePageLanguage } from "../kernel/site-context";
import { revealResults } from "../search/reveal-results";
import { EMPTY_SEARCH } from "../search/search-query";
// results (and with them the card styles) before the filters: one CSS order for all pages
import { SearchResults } from "../search/search-results";
import { useEventSearch } from "../search/use-event-search";
import { useSearchPageQueryEvents } from "../search/use-query-events";
import { useSearchUrl } from "../search/use-search-url";
import * as styles from "../search/search.module.css";

/**
 * The filters are a chunk of their own, loaded as soon as the page has hydrated, the server's
 * HTML kept until then (src/app/deferred-part.tsx); what a search that found nothing offers
 * instead loads when it is shown. The results are what the page is for.
 */
const searchFilters = deferredPart(() =>
  import(/* webpackChunkName: "search-filters" */ "../search/search-filters").then((m) => m.SearchFilters),
);
const searchEmpty = deferredPart(() =>
  import(/* webpackChunkName: "search-empty" */ "../search/search-empty").then((m) => m.SearchEmpty),
);

export default function EventsSearchTemplate({
  pageContext,
}: TemplateProps<EventsSearchPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const [state, setState] = useSearchUrl();
  const search = useEventSearch(state, lang, pageContext.firstResults);
  const results = useRef<HTMLElement>(null);
  const reveal = useCallback(() => revealResults(results.current), []);
  useSearchPageQueryEvents(state, setState, search, reveal);
  const reset = useCallback(() => setState(EMPTY_SEARCH), [setState]);
  const facets = useMemo(
    () => ({ categories: pageContext.categories, locations: pageContext.locations, places: pageContext.places }),
    [pageContext.categories, pageContext.locations, pageContext.places],
  );

  return (
    <PageShell title={t("search.title")} lead={t("search.lead")} className={styles.layout}>
      <KeptUntilLoaded
        part={searchFilters}
        props={{ state: state ?? EMPTY_SEARCH, facets, onChange: setState, onSubmit: reveal }}
        atOnce
      />
      <SearchResults
        sectionRef={results}
        search={search}
        built={pageContext.firstResults.events}
        onReset={reset}
        empty={
          <Suspense fallback={null}>
            <searchEmpty.Lazy state={state ?? EMPTY_SEARCH} facets={facets} onChange={setState} />
          </Suspense>
        }
      />
    </PageShell>
  );
}

export const Head = textHead({ title: "search.title", description: "search.description" });

export const query = graphql`
  query EventsSearchPage($language: String!) {
    ...LocalesAll
  }
`;
