/**
 * The single Gatsby node that carries the landing to `useLanding()`.
 * Shared by gatsby-node (which creates it) and the hook (which queries its type).
 */
import type { Landing } from "../core/catalogue";

export const LANDING_NODE_TYPE = "CatalogueLanding";

export const LANDING_TYPE_DEFS = `
  type ${LANDING_NODE_TYPE} implements Node @dontInfer {
    landingId: Int!
    json: String!
  }
`;

export interface LandingNodeFields {
  landingId: number;
  json: string;
}

export function landingNodeFields(landing: Landing): LandingNodeFields {
  return { landingId: landing.id, json: JSON.stringify(landing) };
}
