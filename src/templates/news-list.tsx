import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { PageShell } from "../app/page-shell";
import { CardList } from "../components/card-list";
import { NewsCard } from "../components/cards";
import type { TemplateProps } from "../components/template-types";
import { listHead } from "../components/text-head";
import type { NewsListPageContext } from "../core/page-context";

export default function NewsListTemplate({ pageContext }: TemplateProps<NewsListPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <PageShell title={t("news.title")} lead={t("news.description")}>
      <CardList
        items={pageContext.news}
        empty={t("news.empty")}
        island
        card={(item, i) => <NewsCard item={item} eager={i < 3} level={2} />}
      />
    </PageShell>
  );
}

export const Head = listHead<NewsListPageContext>("news", (context) => context.news[0]?.image);

export const query = graphql`
  query NewsListPage($language: String!) {
    ...LocalesPages
  }
`;
