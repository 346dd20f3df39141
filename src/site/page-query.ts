/**
 * The page queries of the templates: each reads the translations of the page's language, for
 * gatsby-plugin-react-i18next on the page and for `makeHeadT` in its `Head`. Gatsby collects
 * fragments on `Query` from every file under src/, so a template's page query is only
 * `query ($language: String!) { ...LocalesPages }`; the query itself must stay in the
 * template's file, since Gatsby reads a page query only there.
 *
 * Each page carries just the namespaces it shows (page-data is downloaded on every visit and
 * prefetched on hover): the catalogue pages common + pages, the ticket pages common + tickets,
 * the checkout, order and search pages every namespace (they show forms and tickets too).
 */
import { graphql } from "gatsby";

export const localesFragments = graphql`
  fragment LocaleNodes on LocaleConnection {
    edges {
      node {
        ns
        data
        language
      }
    }
  }

  fragment LocalesAll on Query {
    locales: allLocale(filter: { language: { eq: $language } }) {
      ...LocaleNodes
    }
  }

  fragment LocalesPages on Query {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "pages"] } }) {
      ...LocaleNodes
    }
  }

  fragment LocalesTickets on Query {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "tickets"] } }) {
      ...LocaleNodes
    }
  }
`;
