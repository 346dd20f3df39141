import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { Layout } from "../components/layout";
import { PageHeader } from "../components/page-header";
import { Seo } from "../components/seo";
import type { TemplateHeadProps, TemplateProps } from "../components/template-types";
import { makeHeadT } from "../i18n/head-t";
import type { PersonsListPageContext } from "../site/page-context";
import { CardGrid, PersonCard } from "../components/cards";

export default function PersonsListTemplate({ pageContext }: TemplateProps<PersonsListPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const { persons } = pageContext;
  return (
    <Layout>
      <PageHeader title={t("persons.title")} lead={t("persons.description")} />
      <div className="container">
        {persons.length === 0 ? (
          <p className="empty">{t("persons.empty")}</p>
        ) : (
          <CardGrid small>
            {persons.map((person, i) => (
              <li key={person.id}>
                <PersonCard person={person} eager={i < 6} />
              </li>
            ))}
          </CardGrid>
        )}
      </div>
    </Layout>
  );
}

export function Head({ data, pageContext }: TemplateHeadProps<PersonsListPageContext>): React.JSX.Element {
  const t = makeHeadT(data);
  return (
    <Seo data={data} pageContext={pageContext} title={t("persons.title")} description={t("persons.description")} />
  );
}

export const query = graphql`
  query PersonsListPage($language: String!) {
    ...LocalesPages
  }
`;
