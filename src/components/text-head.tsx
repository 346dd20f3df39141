/**
 * The `Head` of a page whose title and description are plain texts of locales/ (the lists,
 * the basket, the order and ticket pages): `export const Head = textHead({ title: "cart.title" })`;
 * and of a page whose head says what its content is (an event, a place, a person, a news
 * item): `export const Head = contentHead<PlacePageContext>(({ place }, t) => ({ title: place.title }))`.
 */
import type React from "react";
import type { CatalogueImage } from "../core/catalogue";
import type { BasePageContext } from "../core/page-context";
import { type HeadT, makeHeadT } from "../i18n/head-t";
import { Seo, type SeoProps } from "./seo";
import type { TemplateHeadProps } from "./template-types";

export interface TextHeadOptions<C extends BasePageContext = BasePageContext> {
  /** key of the page title */
  title: string;
  /** key of the meta description; without it the site's default description */
  description?: string;
  /** pages of one visitor (orders, tickets, the basket) and error pages stay out of search engines */
  noindex?: boolean;
  /** the first image the page shows (a list's first card), whose origin the head preconnects to */
  leadImage?: (pageContext: C) => CatalogueImage | null | undefined;
}

/**
 * Called once per template, at module level, for its `Head` export: the component is made
 * when the module loads, never during a render, so React always sees the same one.
 */
export function textHead<C extends BasePageContext = BasePageContext>({
  title,
  description,
  noindex = false,
  leadImage,
}: TextHeadOptions<C>): (props: TemplateHeadProps<C>) => React.JSX.Element {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per template module, not in a render (see above)
  return function Head({ data, pageContext }) {
    const t = makeHeadT(data);
    return (
      <Seo
        data={data}
        pageContext={pageContext}
        title={t(title)}
        description={description === undefined ? undefined : t(description)}
        noindex={noindex}
        leadImage={leadImage?.(pageContext)}
      />
    );
  };
}

/** What a page's head says about its content, from its page context and texts. */
export type ContentHead<C> = (pageContext: C, t: HeadT) => Omit<SeoProps, "data" | "pageContext" | "children">;

/** Like textHead, called once per template at module level. */
export function contentHead<C extends BasePageContext>(
  describe: ContentHead<C>,
): (props: TemplateHeadProps<C>) => React.JSX.Element {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per template module, not in a render (see textHead)
  return function Head({ data, pageContext }) {
    return <Seo data={data} pageContext={pageContext} {...describe(pageContext, makeHeadT(data))} />;
  };
}

/**
 * The `Head` of a list page: its title and description are `<key>.title` and `<key>.description`
 * of locales/, and its first card's image is the one the head preconnects to.
 */
export function listHead<C extends BasePageContext>(
  key: string,
  leadImage: (pageContext: C) => CatalogueImage | null | undefined,
): (props: TemplateHeadProps<C>) => React.JSX.Element {
  return textHead<C>({ title: `${key}.title`, description: `${key}.description`, leadImage });
}
