import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { PageShell } from "../app/page-shell";
import { CardGrid, PlaceCard } from "../components/cards";
import type { TemplateProps } from "../components/template-types";
import { listHead } from "../components/text-head";
import type { PlacesListPageContext } from "../core/page-context";

export default function PlacesListTemplate({ pageContext }: TemplateProps<PlacesListPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { cities } = pageContext;
  const total = cities.reduce((n, c) => n + c.places.length, 0);
  let index = 0;
  return (
    <PageShell title={t("places.title")} lead={t("places.description")}>
      {total === 0 && <p className="empty">{t("places.empty")}</p>}
      {cities.map(({ location, places }) => (
        <section key={location.id} className="section" aria-labelledby={`city-${location.id}`}>
          <div className="section-head">
            <h2 id={`city-${location.id}`}>
              <bdi>{location.title}</bdi>
            </h2>
            <span className="muted">{t("common.placesCount", { count: places.length })}</span>
          </div>
          <CardGrid island>
            {places.map((place) => (
              <li key={place.id}>
                <PlaceCard place={place} eager={index++ < 4} />
              </li>
            ))}
          </CardGrid>
        </section>
      ))}
    </PageShell>
  );
}

export const Head = listHead<PlacesListPageContext>("places", (context) => context.cities[0]?.places[0]?.image);

export const query = graphql`
  query PlacesListPage($language: String!) {
    ...LocalesPages
  }
`;
