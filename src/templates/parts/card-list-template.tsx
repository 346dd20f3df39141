/**
 * A template that lists one kind of card (news, performers): the page's title, lead and
 * "nothing here yet" line are `<texts>.title`, `.description` and `.empty`, as `listHead`
 * reads its title and description, and the cards never change after the build.
 */
import type React from "react";
import { useTranslation } from "react-i18next";
import { PageShell } from "../../app/page-shell";
import { CardList } from "../../components/card-list";
import type { TemplateProps } from "../../components/template-types";
import type { BasePageContext } from "../../core/page-context";

export function cardListTemplate<C extends BasePageContext, T extends { id: number }>({
  texts,
  items,
  small = false,
  card,
}: {
  /** the prefix of the page's texts */
  texts: "news" | "persons";
  items(pageContext: C): readonly T[];
  /** smaller cards, more to a row */
  small?: boolean;
  card(item: T, index: number): React.ReactNode;
}): (props: TemplateProps<C>) => React.JSX.Element {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per template module, not in a render (as textHead)
  return function CardListTemplate({ pageContext }) {
    const { t } = useTranslation();
    return (
      <PageShell title={t(`${texts}.title`)} lead={t(`${texts}.description`)}>
        <CardList items={items(pageContext)} empty={t(`${texts}.empty`)} small={small} island card={card} />
      </PageShell>
    );
  };
}
