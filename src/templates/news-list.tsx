import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { Layout } from "../components/layout";
import { PageHeader } from "../components/page-header";
import { Seo } from "../components/seo";
import type { TemplateHeadProps, TemplateProps } from "../components/template-types";
import { makeHeadT } from "../i18n/head-t";
import type { NewsListPageContext } from "../site/page-context";
import { CardGrid, NewsCard } from "../components/cards";

export default function NewsListTemplate({ pageContext }: TemplateProps<NewsListPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { news } = pageContext;
  return (
    <Layout>
      <PageHeader title={t("news.title")} lead={t("news.description")} />
      <div className="container">
        {news.length === 0 ? (
          <p className="empty">{t("news.empty")}</p>
        ) : (
          <CardGrid>
            {news.map((item, i) => (
              <li key={item.id}>
                <NewsCard item={item} eager={i < 3} />
              </li>
            ))}
          </CardGrid>
        )}
      </div>
    </Layout>
  );
}

export function Head({ data, pageContext }: TemplateHeadProps<NewsListPageContext>): React.JSX.Element {
  const t = makeHeadT(data);
  return <Seo data={data} pageContext={pageContext} title={t("news.title")} description={t("news.description")} />;
}

export const query = graphql`
  query NewsListPage($language: String!) {
    ...LocalesPages
  }
`;
