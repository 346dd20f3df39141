import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { Layout } from "../app/layout";
import { Media } from "../components/media";
import { SafeHtml } from "../components/safe-html";
import type { TemplateProps } from "../components/template-types";
import { contentHead } from "../components/text-head";
import type { PersonPageContext } from "../core/page-context";
import { UpcomingEvents } from "../events/upcoming-events";
import * as styles from "./detail.module.css";

export default function PersonTemplate({ pageContext }: TemplateProps<PersonPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { person, upcoming } = pageContext;
  return (
    <Layout>
      <article className={`container ${styles.page}`}>
        <div className={styles.personTop}>
          <Media image={person.image} alt={person.title} ratio="square" eager className={styles.portrait} />
          <div className={styles.summary}>
            <h1 className={styles.title}>
              <bdi>{person.title}</bdi>
            </h1>
            {person.descriptionHtml && (
              <section aria-labelledby="bio-title">
                <h2 id="bio-title" className={styles.smallHeading}>
                  {t("person.about")}
                </h2>
                <SafeHtml html={person.descriptionHtml} />
              </section>
            )}
          </div>
        </div>
        <UpcomingEvents events={upcoming} title={t("person.upcoming")} empty={t("person.noUpcoming")} />
      </article>
    </Layout>
  );
}

export const Head = contentHead<PersonPageContext>(({ person }, t) => ({
  title: person.title,
  description: t("person.metaDescription", { title: person.title }),
  image: person.image,
  type: "profile",
}));

export const query = graphql`
  query PersonPage($language: String!) {
    ...LocalesPages
  }
`;
