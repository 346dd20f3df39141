import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { Layout } from "../components/layout";
import { PageHeader } from "../components/page-header";
import { Seo } from "../components/seo";
import type { TemplateHeadProps, TemplateProps } from "../components/template-types";
import { makeHeadT } from "../i18n/head-t";
import type { PlacesListPageContext } from "../site/page-context";
import { CardGrid, PlaceCard } from "../components/cards";

export default function PlacesListTemplate({ pageContext }: TemplateProps<PlacesListPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { cities } = pageContext;
  const total = cities.reduce((n, c) => n + c.places.length, 0);
  let index = 0;
  return (
    <Layout>
      <PageHeader title={t("places.title")} lead={t("places.description")} />
      <div className="container">
        {total === 0 && <p className="empty">{t("places.empty")}</p>}
        {cities.map(({ location, places }) => (
          <section key={location.id} className="section" aria-labelledby={`city-${location.id}`}>
            <div className="section-head">
              <h2 id={`city-${location.id}`}>
                <bdi>{location.title}</bdi>
              </h2>
              <span className="muted">{t("common.placesCount", { count: places.length })}</span>
            </div>
            <CardGrid>
              {places.map((place) => (
                <li key={place.id}>
                  <PlaceCard place={place} eager={index++ < 4} />
                </li>
              ))}
            </CardGrid>
          </section>
        ))}
      </div>
    </Layout>
  );
}

export function Head({ data, pageContext }: TemplateHeadProps<PlacesListPageContext>): React.JSX.Element {
  const t = makeHeadT(data);
  return <Seo data={data} pageContext={pageContext} title={t("places.title")} description={t("places.description")} />;
}

export const query = graphql`
  query PlacesListPage($language: String!) {
    ...LocalesPages
  }
`;
