/** The results of a search, with its loading, empty and error states and "more results". */
import type React from "react";
import { useTranslation } from "react-i18next";
import type { EventCardData } from "../core/catalogue";
import { formatNumber } from "../core/format";
import { EventGrid } from "../events/event-grid";
import { usePageLanguage } from "../kernel/site-context";
import type { EventSearch } from "./use-event-search";
import * as styles from "./search.module.css";

export function SearchResults({
  search,
  built,
  onReset,
  empty,
  sectionRef,
}: {
  search: EventSearch;
  /** the results' section, for scrolling it into view */
  sectionRef?: React.Ref<HTMLElement>;
  /** the results the build rendered: kept from its HTML (a static island) while they are shown */
  built?: EventCardData[];
  onReset(): void;
  empty?: React.ReactNode;
}): React.JSX.Element {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const busy = search.status === "idle" || search.status === "loading";

  return (
    <section
      ref={sectionRef}
      className={styles.results}
      aria-labelledby="search-results-heading"
      aria-busy={busy || !search.urlRead}
    >
      <h2 id="search-results-heading" className="visually-hidden">
        {t("search.results")}
      </h2>
      <p className={styles.status} role="status" aria-live="polite">
        {busy
          ? t("search.searching")
          : search.status === "loaded"
            ? t("search.found", { count: search.total, formatted: formatNumber(search.total, lang) })
            : ""}
      </p>

      {search.status === "error" && (
        <div className={styles.message} role="alert">
          <p>{t("search.error")}</p>
          <button type="button" className="btn" onClick={search.retry}>
            {t("common.retry")}
          </button>
        </div>
      )}

      {search.status === "loaded" && search.events.length === 0 && empty}
      {search.status === "loaded" && search.events.length === 0 && !empty && (
        <div className={styles.message}>
          <p>{t("search.empty")}</p>
          <button type="button" className="btn btn-ghost" onClick={onReset}>
            {t("search.reset")}
          </button>
        </div>
      )}

      {search.events.length > 0 && search.status !== "error" && (
        <div className={busy ? styles.stale : undefined}>
          {/* the first cards' images are the page's largest paint on a phone, whether built or fetched */}
          <EventGrid events={search.events} eagerCount={2} headingLevel={3} island={search.events === built} />
          <div className="load-more" aria-live="polite">
            <p className="muted">
              {t("search.shown", {
                shown: formatNumber(search.events.length, lang),
                total: formatNumber(Math.max(search.total, search.events.length), lang),
              })}
            </p>
            {search.moreFailed && <p role="alert">{t("search.moreError")}</p>}
            {search.hasMore && (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={search.loadMore}
                disabled={search.loadingMore}
                aria-busy={search.loadingMore}
              >
                {search.loadingMore
                  ? t("common.loading")
                  : search.moreFailed
                    ? t("common.retry")
                    : t("search.loadMore")}
              </button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
