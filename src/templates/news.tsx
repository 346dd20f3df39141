import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { Layout } from "../app/layout";
import { Media } from "../components/media";
import { SafeHtml } from "../components/safe-html";
import { Section } from "../components/section";
import type { TemplateProps } from "../components/template-types";
import { contentHead } from "../components/text-head";
import { formatDate } from "../core/format";
import type { NewsPageContext } from "../core/page-context";
import { EventGrid } from "../events/event-grid";
import { usePageLanguage } from "../kernel/site-context";
import * as styles from "./detail.module.css";

export default function NewsTemplate({ pageContext }: TemplateProps<NewsPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { item, events } = pageContext;
  return (
    <Layout>
      <article className={`container ${styles.page} ${styles.article}`}>
        <p className={styles.kicker}>
          <span className="visually-hidden">{t("news.published")}: </span>
          <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, lang)}</time>
        </p>
        <h1 className={styles.title}>
          <bdi>{item.title}</bdi>
        </h1>
        {item.lead && <p className={styles.lead}>{item.lead}</p>}
        {item.image && <Media image={item.image} alt={item.title} eager className={styles.articleImage} />}
        <SafeHtml html={item.bodyHtml} />
      </article>
      {events.length > 0 && (
        <div className="container">
          <Section id="linked-events" title={t("news.linkedEvents")}>
            <EventGrid events={events} island />
          </Section>
        </div>
      )}
    </Layout>
  );
}

export const Head = contentHead<NewsPageContext>(({ item }) => ({
  title: item.title,
  description: item.lead,
  image: item.image,
  type: "article",
}));

export const query = graphql`
  query NewsPage($language: String!) {
    ...LocalesPages
  }
`;
