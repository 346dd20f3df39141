import { graphql } from "gatsby";
import { NewsCard } from "../components/cards";
import { listHead } from "../components/text-head";
import type { NewsListPageContext } from "../core/page-context";
import { cardListTemplate } from "./parts/card-list-template";

export default cardListTemplate({
  texts: "news",
  items: (context: NewsListPageContext) => context.news,
  card: (item, i) => <NewsCard item={item} eager={i < 3} level={2} />,
});

export const Head = listHead<NewsListPageContext>("news", (context) => context.news[0]?.image);

export const query = graphql`
  query NewsListPage($language: String!) {
    ...LocalesPages
  }
`;
