/**
 * The frame of every page: skip link, sticky header (navigation, search, shop controls,
 * language switcher), the page's <main>, the footer and the hidden captcha container.
 */
import { navigate } from "gatsby";
import type React from "react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon, GlobeIcon, LogoMark, MenuIcon } from "../components/icons";
import { listen } from "../components/listen";
import { StaticIsland } from "../components/static-island";
import { LANGUAGES, type Lang } from "../core/catalogue";
import { href, localize, showsPlacedOrder } from "../core/routes";
import { addressTail } from "../i18n/current-address";
import { Link } from "../i18n/link";
import { loadDateLocale } from "../kernel/date-locale";
import { firstScreenEnd } from "../kernel/first-screen";
import { usePageLanguage, useSite } from "../kernel/site-context";
import { AfterStartup, deferredPart, KeptUntilLoaded } from "./deferred-part";
import { HeaderShopControls } from "./header-shop-controls";
import * as styles from "./layout.module.css";

// Not in the start-up JavaScript: each loads when the browser is first idle (the search box
// sooner if the visitor reaches for it); the server renders them as before.
const headerSearch = deferredPart(() =>
  import(/* webpackChunkName: "header-search" */ "../search/header-search").then((m) => m.HeaderSearch),
);
const unpaidOrderBanner = deferredPart(() =>
  import(/* webpackChunkName: "unpaid-order-banner" */ "../tickets/unpaid-order-banner").then(
    (m) => m.UnpaidOrderBanner,
  ),
);
const currencyChangeNotice = deferredPart(() =>
  import(/* webpackChunkName: "currency-change-notice" */ "./currency-change-notice").then(
    (m) => m.CurrencyChangeNotice,
  ),
);

const NAV = [
  { to: href.events(), key: "nav.events" },
  { to: href.places(), key: "nav.places" },
  { to: href.persons(), key: "nav.persons" },
  { to: href.newsList(), key: "nav.news" },
] as const;

const COMPANY_LINKS = [
  { to: href.info("about"), key: "footer.about" },
  { to: href.info("contacts"), key: "footer.contacts" },
  { to: href.info("license"), key: "footer.license" },
  { to: href.info("selltickets"), key: "footer.selltickets" },
] as const;

const HELP_LINKS = [
  { to: href.orderLookup(), key: "footer.findOrder" },
  { to: href.myOrders(), key: "footer.myOrders" },
  { to: href.payAndDelivery(), key: "footer.payDelivery" },
  { to: href.info("guarantee"), key: "footer.guarantee" },
  { to: href.info("offer"), key: "footer.offer" },
  { to: href.info("privacy-policy"), key: "footer.privacy" },
] as const;

function FooterLinks({ links }: { links: typeof COMPANY_LINKS | typeof HELP_LINKS }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <ul className={styles.footerLinks}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to}>{t(link.key)}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Where the language links point: this page's build-time path at first (so the server
 * render and hydration agree), then the address actually shown, with its tail, query
 * and hash. Pages that rewrite their query with history.replaceState (search filters)
 * fire no event, so the links look again when the visitor points at or focuses them.
 */
function useCurrentTail(originalPath: string): [string, () => void] {
  const [tail, setTail] = useState(originalPath);
  const refresh = useCallback(() => setTail(addressTail(window.location)), []);
  useEffect(() => {
    refresh();
    return listen(window, ["popstate", "hashchange"], refresh);
  }, [refresh, originalPath]);
  return [tail, refresh];
}

/** Links to this same page in every language: the switcher keeps the page, its query and hash. */
export function LanguageLinks({
  className,
  current,
  open,
}: {
  className?: string;
  current: Lang;
  open?: boolean;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { originalPath } = useSite();
  const [tail, refresh] = useCurrentTail(originalPath);
  // a menu that opens shows where the links go now
  useEffect(() => {
    if (open) refresh();
  }, [open, refresh]);
  const follow = (lang: Lang) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    // the address may have changed since the last render (replaceState): go where it is now
    const now = addressTail(window.location);
    if (
      now === tail ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    window.localStorage.setItem("gatsby-i18next-language", lang);
    void loadDateLocale(lang).then(() => navigate(localize(now, lang)));
  };
  return (
    <ul className={className} onPointerEnter={refresh} onFocusCapture={refresh}>
      {LANGUAGES.map((lang) => (
        <li key={lang}>
          <Link
            to={tail}
            language={lang}
            hrefLang={lang}
            lang={lang}
            aria-current={lang === current ? "true" : undefined}
            onClick={follow(lang)}
          >
            {t(`nav.languageNames.${lang}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

interface LanguageSwitcherProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

function LanguageSwitcher({ open, onOpenChange }: LanguageSwitcherProps): React.JSX.Element {
  const { t } = useTranslation();
  const { originalPath } = useSite();
  const language = usePageLanguage();
  const ref = useRef<HTMLDetailsElement>(null);

  // A disclosure, not a modal: it closes on a new page, on Escape and on a click elsewhere.
  useEffect(() => onOpenChange(false), [language, originalPath, onOpenChange]);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      const details = ref.current;
      if (!details) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        onOpenChange(false);
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        onOpenChange(false);
      }
    };
    return listen(document, ["keydown", "click"], close);
  }, [open, onOpenChange]);

  return (
    <details
      className={styles.lang}
      ref={ref}
      open={open}
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        if (isOpen !== open) onOpenChange(isOpen);
      }}
    >
      <summary className={styles.iconButton}>
        <GlobeIcon size={22} />
        <span className={styles.langCode}>{language.toUpperCase()}</span>
        <span className="visually-hidden">{t("nav.language")}</span>
      </summary>
      <LanguageLinks className={styles.langMenu} current={language} open={open} />
    </details>
  );
}

export interface LayoutProps {
  children: React.ReactNode;
  /** the page renders firstScreenEnd() itself, after what a phone's first screen shows */
  marksFirstScreen?: boolean;
}

export function Layout({ children, marksFirstScreen = false }: LayoutProps): React.JSX.Element {
  const { t } = useTranslation();
  const { originalPath } = useSite();
  const language = usePageLanguage();
  const [menuOpen, setMenuOpen] = useState(false);
  const [languagesOpen, setLanguagesOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // A new page closes the phone menu.
  useEffect(() => setMenuOpen(false), [originalPath]);
  // Escape closes the phone menu and gives the focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);
  // One menu at a time: the language menu would otherwise open on top of the phone menu.
  const openLanguages = useCallback((open: boolean) => {
    setLanguagesOpen(open);
    if (open) setMenuOpen(false);
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        {t("nav.skipToContent")}
      </a>
      <header className={styles.header}>
        <div className={`container ${styles.bar}`}>
          <button
            type="button"
            className={`${styles.iconButton} ${styles.menuButton}`}
            ref={menuButton}
            aria-expanded={menuOpen}
            aria-controls="site-nav"
            onClick={() => {
              setLanguagesOpen(false);
              setMenuOpen((open) => !open);
            }}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
            <span className="visually-hidden">{t("nav.mainNav")}</span>
          </button>
          <Link to={href.home()} className={styles.logo}>
            <LogoMark />
            <span className={styles.logoText}>{t("nav.siteName")}</span>
            <span className="visually-hidden">{` — ${t("nav.home")}`}</span>
          </Link>
          <nav id="site-nav" aria-label={t("nav.mainNav")} className={styles.nav} data-open={menuOpen}>
            <ul>
              {NAV.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} partiallyActive activeClassName={styles.active}>
                    {t(item.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.tools}>
            <KeptUntilLoaded part={headerSearch} />
            <HeaderShopControls />
            <LanguageSwitcher open={languagesOpen} onOpenChange={openLanguages} />
          </div>
        </div>
      </header>
      {/* the cart shows its own reminder; the pay page is where the reminder leads */}
      {/* not beside the order's own pages: a failed payment's page does not also say "awaits payment" */}
      {originalPath !== href.cart() && !showsPlacedOrder(originalPath) && <AfterStartup part={unpaidOrderBanner} />}
      {!showsPlacedOrder(originalPath) && <AfterStartup part={currencyChangeNotice} />}
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <div className={`container ${styles.footerGrid}`}>
          {/* the build fixes all of it but the language links, which follow the address shown */}
          <StaticIsland>
            <p className={styles.footerBrand}>
              <LogoMark size={28} /> {t("nav.siteName")}
            </p>
            <p className={styles.footerText}>{t("footer.tagline")}</p>
          </StaticIsland>
          <StaticIsland as="nav" aria-label={t("footer.company")}>
            <h2 className={styles.footerHeading}>{t("footer.company")}</h2>
            <FooterLinks links={COMPANY_LINKS} />
          </StaticIsland>
          <StaticIsland as="nav" aria-label={t("footer.help")}>
            <h2 className={styles.footerHeading}>{t("footer.help")}</h2>
            <FooterLinks links={HELP_LINKS} />
          </StaticIsland>
          <nav aria-label={t("footer.languages")}>
            <h2 className={styles.footerHeading}>{t("footer.languages")}</h2>
            <LanguageLinks className={styles.footerLinks} current={language} />
          </nav>
        </div>
        <StaticIsland className={`container ${styles.footerBottom}`} data-island="footer-bottom">
          <p>{t("footer.rights", { year: new Date().getUTCFullYear() })}</p>
          <p>{t("footer.timeNote")}</p>
        </StaticIsland>
      </footer>
      {marksFirstScreen ? null : firstScreenEnd()}
      {/* The captcha widget mounts here when a form needs it (a hidden container on every page). */}
      <div id="captcha-container" hidden />
    </>
  );
}
