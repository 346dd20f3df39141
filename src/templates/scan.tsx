/**
 * /scan/ in three languages: the door scanner for the staff (src/scan/). Full screen, no
 * site header or footer, kept out of search engines; its service worker (static/scan-sw.js)
 * lets it open and work without a network.
 */
import { graphql } from "gatsby";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { StaticPageContext } from "../core/page-context";
import { ScannerView } from "../scan/scanner-view";

export default function ScanPage(_props: TemplateProps<StaticPageContext>): React.JSX.Element {
  return <ScannerView />;
}

export const Head = textHead({ title: "scan.title", description: "scan.description", noindex: true });

export const query = graphql`
  query ScanPage($language: String!) {
    ...LocalesTickets
  }
`;
