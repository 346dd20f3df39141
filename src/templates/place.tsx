import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { Layout } from "../app/layout";
import { AboutSection } from "../components/about-section";
import { PinIcon } from "../components/icons";
import { Media } from "../components/media";
import type { TemplateProps } from "../components/template-types";
import { contentHead } from "../components/text-head";
import { openStreetMapUrl } from "../core/map-link";
import type { PlacePageContext } from "../core/page-context";
import { UpcomingEvents } from "../events/upcoming-events";
import * as styles from "./detail.module.css";

export default function PlaceTemplate({ pageContext }: TemplateProps<PlacePageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { place, upcoming } = pageContext;
  return (
    <Layout>
      <article className={`container ${styles.page}`}>
        <div className={styles.top}>
          <Media image={place.image} alt={place.title} eager className={styles.hero} />
          <div className={styles.summary}>
            <p className={styles.kicker}>
              <bdi>{place.location.title}</bdi>
            </p>
            <h1 className={styles.title}>
              <bdi>{place.title}</bdi>
            </h1>
            {place.address && (
              <p className={styles.fact}>
                <PinIcon size={20} />
                <span>
                  <span className="visually-hidden">{t("place.address")}: </span>
                  <bdi>{place.address}</bdi>
                </span>
              </p>
            )}
            <p>
              <a
                href={openStreetMapUrl(place, place.location.title)}
                target="_blank"
                rel="noopener noreferrer"
                className="btn btn-ghost"
              >
                <PinIcon size={20} /> {t("place.map")}
              </a>
            </p>
            {place.halls.length > 0 && (
              <div>
                <h2 className={styles.smallHeading}>{t("place.halls")}</h2>
                <ul className="chips">
                  {place.halls.map((h) => (
                    <li key={h.id} className="chip">
                      <bdi>{h.title}</bdi>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </div>
        <AboutSection title={t("place.about")} html={place.descriptionHtml} />
        <UpcomingEvents events={upcoming} title={t("place.upcoming")} empty={t("place.noUpcoming")} />
      </article>
    </Layout>
  );
}

export const Head = contentHead<PlacePageContext>(({ place }, t) => ({
  title: place.title,
  description: t("place.metaDescription", { title: place.title, city: place.location.title }),
  image: place.image,
  type: "place",
}));

export const query = graphql`
  query PlacePage($language: String!) {
    ...LocalesPages
  }
`;
