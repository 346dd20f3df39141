import { graphql } from "gatsby";
import React, { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EventsListPageContext } from "../site/page-context";
import type { EventCardData, Lang } from "../catalogue/types";
import { EventsByDay } from "../components/event-grid";
import { Layout } from "../components/layout";
import { PageHeader } from "../components/page-header";
import { Seo } from "../components/seo";
import type { TemplateHeadProps, TemplateProps } from "../components/template-types";
import { loadCatalogueClient } from "../clients/load-catalogue-client";
import { formatNumber } from "../i18n/format";
import { makeHeadT } from "../i18n/head-t";

type LoadState = "idle" | "loading" | "failed";

/**
 * The build ships the first page of events; the rest comes from the catalogue in the
 * browser, page by page, with the client loaded on the first click (it brings axios).
 */
function useMoreEvents(initial: EventCardData[], totalCount: number, lang: Lang) {
  const [events, setEvents] = useState(initial);
  const [state, setState] = useState<LoadState>("idle");
  const [pagesLoaded, setPagesLoaded] = useState(1);
  const pageSize = Math.max(initial.length, 1);
  const [hasMore, setHasMore] = useState(initial.length < totalCount);

  const loadMore = useCallback(async () => {
    setState("loading");
    try {
      const client = await loadCatalogueClient();
      const page = await client.listEvents({ page: pagesLoaded + 1, page_size: pageSize }, lang);
      setEvents((current) => {
        const known = new Set(current.map((e) => e.id));
        return [...current, ...page.results.filter((e) => !known.has(e.id))];
      });
      setPagesLoaded((n) => n + 1);
      setHasMore(page.next !== null && page.results.length > 0);
      setState("idle");
    } catch {
      setState("failed");
    }
  }, [lang, pageSize, pagesLoaded]);

  return { events, state, hasMore, loadMore };
}

export default function EventsListTemplate({ pageContext }: TemplateProps<EventsListPageContext>): React.JSX.Element {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const { events, state, hasMore, loadMore } = useMoreEvents(pageContext.events, pageContext.totalCount, lang);
  const total = Math.max(pageContext.totalCount, events.length);
  return (
    <Layout>
      <PageHeader title={t("events.title")} lead={t("common.eventsCount", { count: total })} />
      <div className="container">
        {events.length === 0 ? (
          <p className="empty">{t("events.empty")}</p>
        ) : (
          <>
            <EventsByDay events={events} eagerCount={4} />
            <div className="load-more" aria-live="polite">
              <p className="muted">
                {t("events.shown", { shown: formatNumber(events.length, lang), total: formatNumber(total, lang) })}
              </p>
              {state === "failed" && <p role="alert">{t("events.loadError")}</p>}
              {hasMore && (
                <button type="button" className="btn btn-ghost" onClick={loadMore} disabled={state === "loading"} aria-busy={state === "loading"}>
                  {state === "loading" ? t("common.loading") : state === "failed" ? t("common.retry") : t("events.loadMore")}
                </button>
              )}
            </div>
          </>
        )}
      </div>
    </Layout>
  );
}

export function Head({ data, pageContext }: TemplateHeadProps<EventsListPageContext>): React.JSX.Element {
  const t = makeHeadT(data);
  return <Seo data={data} pageContext={pageContext} title={t("events.title")} description={t("events.description")} />;
}

export const query = graphql`
  query EventsListPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "pages"] } }) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`;
