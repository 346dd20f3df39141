import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { Layout } from "../components/layout";
import { Seo } from "../components/seo";
import type { TemplateHeadProps, TemplateProps } from "../components/template-types";
import { makeHeadT } from "../i18n/head-t";
import type { StaticPageContext } from "../site/page-context";
import { Link } from "../i18n/link";
import { href } from "../site/routes";

export default function NotFoundTemplate(_props: TemplateProps<StaticPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Layout>
      <div className="container not-found">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>{t("notFound.title")}</h1>
        <p className="prose">{t("notFound.text")}</p>
        <ul className="chips">
          <li>
            <Link to="/" className="btn">
              {t("notFound.home")}
            </Link>
          </li>
          <li>
            <Link to={href.events()} className="btn btn-ghost">
              {t("notFound.events")}
            </Link>
          </li>
          <li>
            <Link to={href.eventsSearch()} className="btn btn-ghost">
              {t("notFound.search")}
            </Link>
          </li>
        </ul>
      </div>
    </Layout>
  );
}

export function Head({ data, pageContext }: TemplateHeadProps<StaticPageContext>): React.JSX.Element {
  const t = makeHeadT(data);
  return (
    <Seo data={data} pageContext={pageContext} title={t("notFound.title")} description={t("notFound.text")} noindex />
  );
}

export const query = graphql`
  query NotFoundPage($language: String!) {
    ...LocalesPages
  }
`;
