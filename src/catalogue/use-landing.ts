/**
 * The landing (theme settings) on every page, without a page query.
 *
 * gatsby-node's `sourceNodes` creates exactly one `CatalogueLanding` node whose `json`
 * field holds the reshaped `Landing` (see src/sourcing/landing-node.ts). Keeping it as one JSON
 * string keeps the GraphQL schema independent of the landing's shape, and a static query
 * lets any component (header, currency switcher) read it without threading props.
 */
import { graphql, useStaticQuery } from "gatsby";
import { useMemo } from "react";
import type { Landing } from "../core/catalogue";

interface LandingQuery {
  catalogueLanding: { json: string } | null;
}

export function useLanding(): Landing {
  const data = useStaticQuery<LandingQuery>(graphql`
    query CatalogueLandingQuery {
      catalogueLanding {
        json
      }
    }
  `);
  const json = data.catalogueLanding?.json;
  return useMemo(() => {
    if (!json)
      throw new Error("useLanding: the CatalogueLanding node is missing (gatsby-node sourceNodes did not run)");
    return JSON.parse(json) as Landing;
  }, [json]);
}
