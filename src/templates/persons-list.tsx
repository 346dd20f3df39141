import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { PageShell } from "../app/page-shell";
import { CardList } from "../components/card-list";
import { PersonCard } from "../components/cards";
import type { TemplateProps } from "../components/template-types";
import { listHead } from "../components/text-head";
import type { PersonsListPageContext } from "../core/page-context";

export default function PersonsListTemplate({ pageContext }: TemplateProps<PersonsListPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <PageShell title={t("persons.title")} lead={t("persons.description")}>
      <CardList
        items={pageContext.persons}
        empty={t("persons.empty")}
        small
        island
        card={(person, i) => <PersonCard person={person} eager={i < 6} level={2} />}
      />
    </PageShell>
  );
}

export const Head = listHead<PersonsListPageContext>("persons", (context) => context.persons[0]?.image);

export const query = graphql`
  query PersonsListPage($language: String!) {
    ...LocalesPages
  }
`;
