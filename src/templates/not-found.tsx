import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { PageShell } from "../app/page-shell";
import type { TemplateProps } from "../components/template-types";
import { textHead } from "../components/text-head";
import type { StaticPageContext } from "../core/page-context";
import { href } from "../core/routes";
import { Link } from "../i18n/link";

export default function NotFoundTemplate(_props: TemplateProps<StaticPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <PageShell className="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{t("notFound.title")}</h1>
      <p className="prose">{t("notFound.text")}</p>
      <ul className="chips">
        <li>
          <Link to={href.home()} className="btn">
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
    </PageShell>
  );
}

export const Head = textHead({ title: "notFound.title", description: "notFound.text", noindex: true });

export const query = graphql`
  query NotFoundPage($language: String!) {
    ...LocalesPages
  }
`;
