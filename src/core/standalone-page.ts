/**
 * The HTML document of a page served outside the site, by the server or the publisher: the
 * acquirer's payment page and the editors' page. Kept out of search engines, sized for phones,
 * in the page's language and direction. `titleHtml`, `headHtml` and `bodyHtml` are markup
 * the caller has already escaped.
 */
export interface StandalonePage {
  lang: string;
  dir: "ltr" | "rtl";
  titleHtml: string;
  /** the page's stylesheet, icon and scripts */
  headHtml: string;
  bodyHtml: string;
}

export function standalonePage({ lang, dir, titleHtml, headHtml, bodyHtml }: StandalonePage): string {
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${titleHtml}</title>
${headHtml}
</head>
<body>
${bodyHtml}
</body>
</html>
`;
}
