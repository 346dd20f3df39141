/**
 * react-i18next's <Trans> for the site's texts with markup in them, without react-i18next's
 * entry point. Imported from there, Trans (with its HTML parser, about 4 KB gzipped) became
 * part of the module every page loads at start-up for useTranslation, although only order,
 * checkout and scanner views use it. Its context-free form, imported by path (and made a
 * module of its own in the browser bundle: gatsby-node.ts), lives in the chunks of those
 * views; the page's i18next instance comes from the provider, as Trans does it.
 */
import type { i18n as I18n } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";
import { Trans as TransWithoutContext } from "react-i18next/TransWithoutContext";

export function Trans(props: Parameters<typeof TransWithoutContext>[0]): React.ReactElement {
  // the provider's value has defaultNS too (react-i18next's type leaves it out), and a fixed t its ns
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: string } | undefined;
  const i18n = props.i18n ?? context?.i18n;
  const fixedNs = (props.t as { ns?: string | string[] } | undefined)?.ns;
  const ns = props.ns ?? fixedNs ?? context?.defaultNS ?? i18n?.options.defaultNS;
  // called, not rendered, as react-i18next's Trans does: no component of its own in the tree
  return TransWithoutContext({ ...props, i18n, ns } as typeof props);
}
