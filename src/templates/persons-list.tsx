import { graphql } from "gatsby";
import { PersonCard } from "../components/cards";
import { listHead } from "../components/text-head";
import type { PersonsListPageContext } from "../core/page-context";
import { cardListTemplate } from "./parts/card-list-template";

export default cardListTemplate({
  texts: "persons",
  items: (context: PersonsListPageContext) => context.persons,
  small: true,
  card: (person, i) => <PersonCard person={person} eager={i < 6} level={2} />,
});

export const Head = listHead<PersonsListPageContext>("persons", (context) => context.persons[0]?.image);

export const query = graphql`
  query PersonsListPage($language: String!) {
    ...LocalesPages
  }
`;
