/**
 * The header's search box: a WAI-ARIA 1.2 combobox whose listbox suggests events (live from
 * the catalogue, with date and price), places and persons (build-time index) and "all
 * results", which opens the search page with the text.
 *
 * Keyboard: Down/Up move through the options (wrapping), Home/End go to the first and last,
 * Enter opens the active option (or all results), Escape closes the list, then the full
 * screen box, then clears the text. The active option is announced through
 * aria-activedescendant and the number of suggestions through a polite live region.
 *
 * On phones the box is behind a search icon and opens over the whole screen, announced with
 * WIDGET_FULLSCREEN. On the search page the box asks the page for the query (QUERY_CHANGE)
 * instead of navigating, and shows the page's query when it changes (QUERY_CHANGED).
 */
import { useI18next } from "gatsby-plugin-react-i18next";
import type React from "react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon, SearchIcon } from "../components/icons";
import type { Lang } from "../core/catalogue";
import { formatNumber, formatShortDate, formatTime, joinParts } from "../core/format";
import { href } from "../core/routes";
import { usePageLanguage, useSite } from "../kernel/site-context";
import { LivePrice } from "../prices/live-price";
import { announceFullscreen, QUERY_CHANGED, queryOf, requestQueryChange } from "./query-events";
import { MIN_QUERY_LENGTH, type Suggestions, useSuggestions } from "./use-suggestions";
import * as styles from "./header-search.module.css";

type Option =
  | { kind: "event"; key: string; path: string; event: Suggestions["events"][number] }
  | { kind: "place" | "person"; key: string; path: string; title: string }
  | { kind: "all"; key: string; path: string };

function optionsOf(s: Suggestions, text: string): Option[] {
  if (text.trim().length < MIN_QUERY_LENGTH) return [];
  return [
    ...s.events.map((event): Option => ({ kind: "event", key: `e${event.id}`, path: href.event(event.id), event })),
    ...s.places.map((p): Option => ({ kind: "place", key: `p${p.id}`, path: p.path, title: p.title })),
    ...s.persons.map((p): Option => ({ kind: "person", key: `a${p.id}`, path: p.path, title: p.title })),
    { kind: "all", key: "all", path: href.eventsSearchFor(text) },
  ];
}

export function HeaderSearch(): React.JSX.Element {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { originalPath } = useSite();
  const { navigate } = useI18next();
  const baseId = useId().replace(/:/g, "");
  const listId = `${baseId}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const iconRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState("");
  const [listOpen, setListOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [active, setActive] = useState(-1);
  const { suggestions, prepare } = useSuggestions(text, lang);
  const options = useMemo(() => optionsOf(suggestions, text), [suggestions, text]);
  const answered =
    suggestions.query === text.trim() && (suggestions.status === "loaded" || suggestions.status === "error");
  const expanded = listOpen && options.length > 0;

  // A new page (or language) closes everything.
  useEffect(() => {
    setListOpen(false);
    setActive(-1);
    setFullscreen((open) => {
      if (open) announceFullscreen(false);
      return false;
    });
  }, [originalPath, lang]);

  // New suggestions: no option is active until the visitor moves to one.
  useEffect(() => setActive(-1), [suggestions]);

  // The search page's query in force, shown while the visitor is not typing here.
  useEffect(() => {
    const show = (event: Event) => {
      const query = queryOf(event);
      if (query === null || document.activeElement === inputRef.current) return;
      setText(query);
    };
    window.addEventListener(QUERY_CHANGED, show);
    return () => window.removeEventListener(QUERY_CHANGED, show);
  }, []);

  // A click or tap outside closes the list.
  useEffect(() => {
    if (!listOpen) return undefined;
    const close = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setListOpen(false);
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [listOpen]);

  const openFullscreen = useCallback(() => {
    setFullscreen(true);
    announceFullscreen(true);
    prepare();
    window.requestAnimationFrame(() => inputRef.current?.focus());
  }, [prepare]);

  const closeFullscreen = useCallback(() => {
    setFullscreen(false);
    setListOpen(false);
    announceFullscreen(false);
    window.requestAnimationFrame(() => iconRef.current?.focus());
  }, []);

  const choose = useCallback(
    (option: Option | undefined) => {
      setListOpen(false);
      if (!option || option.kind === "all") {
        // On the search page the page itself takes the text; elsewhere the box opens it.
        if (requestQueryChange(text)) {
          if (fullscreen) closeFullscreen();
          return;
        }
        void navigate(href.eventsSearchFor(text));
        return;
      }
      void navigate(option.path);
    },
    [text, navigate, fullscreen, closeFullscreen],
  );

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!expanded) {
          setListOpen(true);
          setActive(count > 0 ? 0 : -1);
        } else setActive((i) => (i + 1) % count);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!expanded) {
          setListOpen(true);
          setActive(count - 1);
        } else setActive((i) => (i <= 0 ? count - 1 : i - 1));
        break;
      case "Home":
      case "End":
        if (!expanded) return;
        event.preventDefault();
        setActive(event.key === "Home" ? 0 : count - 1);
        break;
      case "Enter":
        event.preventDefault();
        if (text.trim() === "" && active < 0) return;
        choose(expanded && active >= 0 ? options[active] : undefined);
        break;
      case "Escape":
        event.preventDefault();
        if (expanded) {
          setListOpen(false);
          setActive(-1);
        } else if (fullscreen) closeFullscreen();
        else setText("");
        break;
      default:
        break;
    }
  };

  const countText = !answered
    ? ""
    : options.length > 1
      ? t("searchBox.suggestions", { count: options.length - 1, formatted: formatNumber(options.length - 1, lang) })
      : t("searchBox.noSuggestions");

  const groups: Array<{ kind: Option["kind"]; label: string }> = [
    { kind: "event", label: t("searchBox.events") },
    { kind: "place", label: t("searchBox.places") },
    { kind: "person", label: t("searchBox.persons") },
    { kind: "all", label: t("searchBox.more") },
  ];

  return (
    <div className={styles.root} ref={rootRef} data-fullscreen={fullscreen}>
      <button
        type="button"
        ref={iconRef}
        className={styles.iconButton}
        aria-expanded={fullscreen}
        aria-controls={`${baseId}-panel`}
        onClick={openFullscreen}
      >
        <SearchIcon size={22} />
        <span className="visually-hidden">{t("nav.search")}</span>
      </button>
      <div
        id={`${baseId}-panel`}
        className={styles.panel}
        role={fullscreen ? "dialog" : undefined}
        aria-modal={fullscreen ? true : undefined}
        aria-label={fullscreen ? t("nav.search") : undefined}
      >
        <form
          role="search"
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            choose(undefined);
          }}
        >
          <label htmlFor={`${baseId}-input`} className="visually-hidden">
            {t("nav.search")}
          </label>
          <span className={styles.glass} aria-hidden="true">
            <SearchIcon size={18} />
          </span>
          <input
            ref={inputRef}
            id={`${baseId}-input`}
            className={styles.input}
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${baseId}-opt-${active}` : undefined}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            placeholder={t("searchBox.placeholder")}
            value={text}
            onFocus={() => {
              prepare();
              setListOpen(true);
            }}
            onChange={(event) => {
              setText(event.target.value);
              setListOpen(true);
            }}
            onKeyDown={onKeyDown}
          />
          {fullscreen && (
            <button type="button" className={styles.close} onClick={closeFullscreen}>
              <CloseIcon size={22} />
              <span className="visually-hidden">{t("searchBox.close")}</span>
            </button>
          )}
        </form>
        <div
          id={listId}
          role="listbox"
          aria-label={t("searchBox.suggestionsLabel")}
          className={styles.list}
          hidden={!expanded}
        >
          {groups.map((group) => {
            const members = options
              .map((option, index) => ({ option, index }))
              .filter(({ option }) => option.kind === group.kind);
            if (members.length === 0) return null;
            return (
              <div role="group" key={group.kind} aria-labelledby={`${baseId}-g-${group.kind}`} className={styles.group}>
                <div id={`${baseId}-g-${group.kind}`} role="presentation" className={styles.groupLabel}>
                  {group.label}
                </div>
                {members.map(({ option, index }) => (
                  <div
                    key={option.key}
                    id={`${baseId}-opt-${index}`}
                    role="option"
                    aria-selected={index === active}
                    className={styles.option}
                    data-kind={option.kind}
                    onPointerDown={(event) => event.preventDefault()}
                    onPointerMove={() => setActive(index)}
                    onClick={() => choose(option)}
                  >
                    <OptionBody option={option} lang={lang} text={text} />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
        <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-search-count="">
          {listOpen ? countText : ""}
        </p>
      </div>
    </div>
  );
}

function OptionBody({ option, lang, text }: { option: Option; lang: Lang; text: string }): React.JSX.Element {
  const { t } = useTranslation();
  if (option.kind === "event") {
    const e = option.event;
    return (
      <>
        <span className={styles.optionTitle} dir="auto">
          {e.title}
        </span>
        <span className={styles.optionMeta}>
          <span>
            {joinParts([formatShortDate(e.startedAt, lang), formatTime(e.startedAt, lang)], lang)} ·{" "}
            <bdi>{e.place.title}</bdi>
          </span>
          {e.minPrice !== null && e.status !== "cancelled" && (
            <LivePrice
              className={styles.price}
              eventSourceId={e.eventSourceId}
              fallbackPrice={e.minPrice}
              fallbackCurrency={e.currencyCode}
            />
          )}
        </span>
      </>
    );
  }
  if (option.kind === "all") {
    return (
      <span className={styles.optionTitle}>
        {t("searchBox.allResults")}{" "}
        <bdi>
          {t("searchBox.quoteOpen")}
          {text.trim()}
          {t("searchBox.quoteClose")}
        </bdi>
      </span>
    );
  }
  return (
    <>
      <span className={styles.optionTitle} dir="auto">
        {option.title}
      </span>
      <span className={styles.optionMeta}>
        {option.kind === "place" ? t("searchBox.place") : t("searchBox.person")}
      </span>
    </>
  );
}
