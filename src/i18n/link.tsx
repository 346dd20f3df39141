/**
 * gatsby-plugin-react-i18next's Link, re-exported with a type that compiles against
 * @types/react 18.3 (the plugin's own Pick<> over GatsbyLinkProps does not). It keeps the
 * page's language prefix: `<Link to={href.events()}>` goes to /ru/events/ on a Russian page.
 */
import type { GatsbyLinkProps } from "gatsby";
import { Link as I18nLink } from "gatsby-plugin-react-i18next";
import type React from "react";

export type LinkProps = Omit<GatsbyLinkProps<unknown>, "ref"> & { language?: string };

export const Link = I18nLink as unknown as React.ForwardRefExoticComponent<
  LinkProps & React.RefAttributes<HTMLAnchorElement>
>;
