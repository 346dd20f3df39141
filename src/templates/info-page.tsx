import { graphql } from "gatsby";
import type React from "react";
import { useTranslation } from "react-i18next";
import { PageShell } from "../app/page-shell";
import type { TemplateProps } from "../components/template-types";
import { contentHead } from "../components/text-head";
import type { InfoPageContext } from "../core/page-context";

export default function InfoPageTemplate({ pageContext }: TemplateProps<InfoPageContext>): React.JSX.Element {
  const { t } = useTranslation();
  const key = `info.${pageContext.pageKey}`;
  return (
    <PageShell title={t(`${key}.title`)} lead={t(`${key}.description`)}>
      <div className="prose">
        {pageContext.sections.map((section, i) => (
          <section key={i} className="info-section">
            {section.heading && <h2>{section.heading}</h2>}
            {section.paragraphs.map((p, j) => (
              <p key={j}>{p}</p>
            ))}
          </section>
        ))}
      </div>
    </PageShell>
  );
}

export const Head = contentHead<InfoPageContext>(({ pageKey }, t) => ({
  title: t(`info.${pageKey}.title`),
  description: t(`info.${pageKey}.description`),
}));

export const query = graphql`
  query InfoPage($language: String!) {
    ...LocalesPages
  }
`;
