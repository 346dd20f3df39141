import type { HeadProps, PageProps } from "gatsby";
import type { LocalesQueryData } from "../i18n/head-t";

/** Props of a template: the locales page query and the context gatsby-node gave the page. */
export type TemplateProps<C extends object> = PageProps<LocalesQueryData, C>;
export type TemplateHeadProps<C extends object> = HeadProps<LocalesQueryData, C>;
