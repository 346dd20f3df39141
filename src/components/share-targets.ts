/** Where the share links of a page go (WhatsApp, Telegram, mail): pure, so the encoding is tested. */
export interface ShareTargets {
  whatsapp: string;
  telegram: string;
  email: string;
}

export function shareTargets(title: string, url: string): ShareTargets {
  const q = encodeURIComponent;
  return {
    whatsapp: `https://wa.me/?text=${q(`${title}\n${url}`)}`,
    telegram: `https://t.me/share/url?url=${q(url)}&text=${q(title)}`,
    email: `mailto:?subject=${q(title)}&body=${q(`${title}\n${url}`)}`,
  };
}
