import { graphql } from "gatsby";
import type React from "react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageShell } from "../app/page-shell";
import { loadCatalogueClient } from "../clients/load-catalogue-client";
import type { TemplateProps } from "../components/template-types";
import { listHead } from "../components/text-head";
import type { EventCardData, EventFilter, Lang } from "../core/catalogue";
import { formatNumber } from "../core/format";
import type { EventsListPageContext } from "../core/page-context";
import { isQuickDate, QUICK_DATES, type QuickDate, quickDateRange } from "../core/quick-dates";
import { EventsByDay } from "../events/events-by-day";
import { usePageLanguage } from "../kernel/site-context";
import { listEventsOnDuring } from "../search/running-events";
import * as styles from "./events-list.module.css";

type LoadState = "idle" | "loading" | "failed";

/** What narrows the list: a quick date choice, a category and a city. */
interface Choice {
  when: QuickDate;
  category: number | null;
  city: number | null;
}

/** The filters that pick one item of a list the page carries: the choice's field, the list, their texts. */
const ID_FILTERS = [
  { field: "category", options: "categories", label: "events.category", any: "events.anyCategory" },
  { field: "city", options: "locations", label: "events.city", any: "events.anyCity" },
] as const;

const NO_CHOICE: Choice = { when: "all", category: null, city: null };

const isNoChoice = (c: Choice) => c.when === "all" && c.category === null && c.city === null;

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** ?when=weekend&category=3&city=2: shareable, and the language switcher keeps it. */
function readChoice(search: string): Choice {
  const params = new URLSearchParams(search);
  const when = params.get("when");
  return {
    when: isQuickDate(when) ? when : "all",
    category: positiveId(params.get("category")),
    city: positiveId(params.get("city")),
  };
}

function writeChoice(choice: Choice): void {
  const params = new URLSearchParams(window.location.search);
  const set = (name: string, value: string | null) => (value === null ? params.delete(name) : params.set(name, value));
  set("when", choice.when === "all" ? null : choice.when);
  set("category", choice.category === null ? null : String(choice.category));
  set("city", choice.city === null ? null : String(choice.city));
  const query = params.toString();
  window.history.replaceState(
    window.history.state,
    "",
    `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`,
  );
}

function toFilter(choice: Choice, now: number): EventFilter {
  const range = quickDateRange(choice.when, now);
  return {
    categories: choice.category === null ? undefined : [choice.category],
    cities: choice.city === null ? undefined : [choice.city],
    date_gte: range?.from,
    date_lte: range?.to,
  };
}

/**
 * The build ships the first page of events; the rest, and every narrowed list, comes from
 * the catalogue in the browser page by page, with the client loaded on first use (it
 * brings axios). The last choice wins: an answer to an older one is dropped.
 */
function useEventsList(initial: EventCardData[], initialTotal: number, choice: Choice, lang: Lang) {
  const pageSize = Math.max(initial.length, 20);
  const [events, setEvents] = useState(initial);
  const [total, setTotal] = useState(initialTotal);
  const [state, setState] = useState<LoadState>("idle");
  const [pagesLoaded, setPagesLoaded] = useState(1);
  const [hasMore, setHasMore] = useState(initial.length < initialTotal);
  const request = useRef(0);
  const filter = useMemo(() => (isNoChoice(choice) ? {} : toFilter(choice, Date.now())), [choice]);

  const fetchPage = useCallback(
    async (page: number, replace: boolean) => {
      const ticket = ++request.current;
      setState("loading");
      try {
        const client = await loadCatalogueClient();
        // an event on during the chosen days counts, not only one that starts in them
        const answer = await listEventsOnDuring(client.listEvents, { ...filter, page, page_size: pageSize }, lang);
        if (ticket !== request.current) return;
        setEvents((current) => {
          if (replace) return answer.results;
          const known = new Set(current.map((e) => e.id));
          return [...current, ...answer.results.filter((e) => !known.has(e.id))];
        });
        setTotal(answer.count);
        setPagesLoaded(page);
        setHasMore(answer.next !== null && answer.results.length > 0);
        setState("idle");
      } catch {
        if (ticket === request.current) setState("failed");
      }
    },
    [filter, lang, pageSize],
  );

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (isNoChoice(choice)) return; // the build's first page is already on screen
    }
    if (isNoChoice(choice)) {
      request.current++;
      setEvents(initial);
      setTotal(initialTotal);
      setPagesLoaded(1);
      setHasMore(initial.length < initialTotal);
      setState("idle");
      return;
    }
    void fetchPage(1, true);
  }, [choice, fetchPage, initial, initialTotal]);

  const loadMore = useCallback(() => void fetchPage(pagesLoaded + 1, false), [fetchPage, pagesLoaded]);
  return { events, total, state, hasMore, loadMore };
}

/** One filter of the list as a select of catalogue items, its label read by screen readers only. */
function IdSelect({
  label,
  any,
  options,
  value,
  onChange,
}: {
  label: string;
  /** the first option, which filters nothing */
  any: string;
  options: readonly { id: number; title: string }[];
  value: number | null;
  onChange(id: number | null): void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value ?? ""}
        onChange={(e) => onChange(positiveId(e.target.value))}
      >
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.title}
          </option>
        ))}
      </select>
    </>
  );
}

function Filters({
  choice,
  onChange,
  pageContext,
}: {
  choice: Choice;
  onChange(next: Choice): void;
  pageContext: EventsListPageContext;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.filters} role="group" aria-label={t("events.filters")}>
      <ul className={styles.quick} aria-label={t("events.when")}>
        {QUICK_DATES.map((when) => (
          <li key={when}>
            <button
              type="button"
              className={styles.quickChip}
              aria-pressed={choice.when === when}
              onClick={() => onChange({ ...choice, when })}
            >
              {t(`events.quick.${when}`)}
            </button>
          </li>
        ))}
      </ul>
      <div className={styles.selects}>
        {ID_FILTERS.map((filter) => (
          <IdSelect
            key={filter.field}
            label={t(filter.label)}
            any={t(filter.any)}
            options={pageContext[filter.options]}
            value={choice[filter.field]}
            onChange={(id) => onChange({ ...choice, [filter.field]: id })}
          />
        ))}
      </div>
    </div>
  );
}

export default function EventsListTemplate({ pageContext }: TemplateProps<EventsListPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const [choice, setChoice] = useState<Choice>(NO_CHOICE);
  // the address's choice is read after hydration, so the server render and the first browser render agree
  useEffect(() => {
    const fromUrl = readChoice(window.location.search);
    if (!isNoChoice(fromUrl)) setChoice(fromUrl);
  }, []);
  const change = (next: Choice) => {
    setChoice(next);
    writeChoice(next);
  };
  const { events, total, state, hasMore, loadMore } = useEventsList(
    pageContext.events,
    pageContext.totalCount,
    choice,
    lang,
  );
  const narrowed = !isNoChoice(choice);
  // computed once per choice, as the filter is: the list's days do not move under the reader
  const firstDay = useMemo(() => quickDateRange(choice.when, Date.now())?.from, [choice.when]);
  const shownTotal = Math.max(total, events.length);
  return (
    // one count on the page: the whole list's, or the filter's once a filter is chosen
    <PageShell
      title={t("events.title")}
      lead={t("common.eventsCount", { count: narrowed ? shownTotal : pageContext.totalCount })}
      marksFirstScreen={events.length > 0}
    >
      <Filters choice={choice} onChange={change} pageContext={pageContext} />
      <p
        className={styles.found}
        aria-live="polite"
        data-testid="events-found"
        data-count={shownTotal}
        aria-busy={state === "loading"}
      >
        {narrowed ? <span className="visually-hidden">{t("events.found", { count: shownTotal })}</span> : null}
      </p>
      {events.length === 0 && state !== "loading" ? (
        <div className="empty">
          <p>{narrowed ? t("events.noMatch") : t("events.empty")}</p>
          {narrowed && (
            <button type="button" className="btn btn-ghost" onClick={() => change(NO_CHOICE)}>
              {t("events.reset")}
            </button>
          )}
        </div>
      ) : (
        <>
          <EventsByDay
            events={events}
            built={pageContext.events}
            listedOn={pageContext.listedOn}
            eagerCount={4}
            firstDay={firstDay}
            marksFirstScreen
          />
          <div className="load-more" aria-live="polite">
            <p className="muted">
              {t("events.shown", { shown: formatNumber(events.length, lang), total: formatNumber(shownTotal, lang) })}
            </p>
            {state === "failed" && <p role="alert">{t("events.loadError")}</p>}
            {(hasMore || state === "failed") && (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={loadMore}
                disabled={state === "loading"}
                aria-busy={state === "loading"}
              >
                {state === "loading"
                  ? t("common.loading")
                  : state === "failed"
                    ? t("common.retry")
                    : t("events.loadMore")}
              </button>
            )}
          </div>
        </>
      )}
    </PageShell>
  );
}

export const Head = listHead<EventsListPageContext>("events", (context) => context.events[0]?.image);

export const query = graphql`
  query EventsListPage($language: String!) {
    ...LocalesPages
  }
`;
