/** Inline SVG icons: no icon font, no extra request. Decorative unless given a title. */
import type React from "react";
import { createElement } from "react";

interface IconProps {
  size?: number;
  className?: string;
  title?: string;
}

type Stroke = readonly [tag: "path" | "circle" | "rect", attributes: Readonly<Record<string, string>>];

function Svg({ size = 24, className, title, drawing }: IconProps & { drawing: readonly Stroke[] }): React.JSX.Element {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
      focusable="false"
    >
      {title && <title>{title}</title>}
      {drawing.map(([tag, attributes], i) => createElement(tag, { key: i, ...attributes }))}
    </svg>
  );
}

/**
 * An icon that draws its strokes, in order, in the 24x24 box of `Svg` with its stroke style.
 * Its calls are marked pure so that an icon no page imports is still left out of the bundle.
 */
function icon(drawing: readonly Stroke[]): (props: IconProps) => React.JSX.Element {
  return (props) => <Svg {...props} drawing={drawing} />;
}

export const SearchIcon = /*#__PURE__*/ icon([
  ["circle", { cx: "11", cy: "11", r: "7" }],
  ["path", { d: "m20 20-3.5-3.5" }],
]);

export const BasketIcon = /*#__PURE__*/ icon([
  ["path", { d: "M6 7h12l-1 13H7L6 7Z" }],
  ["path", { d: "M9 7V6a3 3 0 0 1 6 0v1" }],
]);

export const MenuIcon = /*#__PURE__*/ icon([["path", { d: "M4 6h16M4 12h16M4 18h16" }]]);

export const CloseIcon = /*#__PURE__*/ icon([["path", { d: "M6 6l12 12M18 6 6 18" }]]);

export const GlobeIcon = /*#__PURE__*/ icon([
  ["circle", { cx: "12", cy: "12", r: "9" }],
  ["path", { d: "M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" }],
]);

export const CalendarIcon = /*#__PURE__*/ icon([
  ["rect", { x: "3", y: "5", width: "18", height: "16", rx: "2" }],
  ["path", { d: "M3 10h18M8 3v4M16 3v4" }],
]);

export const ClockIcon = /*#__PURE__*/ icon([
  ["circle", { cx: "12", cy: "12", r: "9" }],
  ["path", { d: "M12 7v5l3 2" }],
]);

export const PinIcon = /*#__PURE__*/ icon([
  ["path", { d: "M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" }],
  ["circle", { cx: "12", cy: "9.5", r: "2.5" }],
]);

export const ShareIcon = /*#__PURE__*/ icon([
  ["circle", { cx: "18", cy: "5", r: "3" }],
  ["circle", { cx: "6", cy: "12", r: "3" }],
  ["circle", { cx: "18", cy: "19", r: "3" }],
  ["path", { d: "m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" }],
]);

export const TicketIcon = /*#__PURE__*/ icon([
  [
    "path",
    { d: "M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z" },
  ],
  ["path", { d: "M13 6v2M13 11v2M13 16v2" }],
]);

export const ImageIcon = /*#__PURE__*/ icon([
  ["rect", { x: "3", y: "4", width: "18", height: "16", rx: "2" }],
  ["circle", { cx: "9", cy: "10", r: "2" }],
  ["path", { d: "m21 16-5-5-9 9" }],
]);

// Points "forward": mirrored in rtl by the .flip-rtl class of the caller
export const ArrowIcon = /*#__PURE__*/ icon([["path", { d: "M5 12h14M13 6l6 6-6 6" }]]);

export const AlertIcon = /*#__PURE__*/ icon([
  ["path", { d: "M12 3 2 20h20L12 3z" }],
  ["path", { d: "M12 10v4M12 17h.01" }],
]);

/** The logo mark: a ticket with a star. */
export const LogoMark = ({ size = 32 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="8" fill="#c2185b" />
    <path d="M16 7.5l2.4 5 5.4.6-4 3.7 1.1 5.4L16 19.5l-4.9 2.7 1.1-5.4-4-3.7 5.4-.6z" fill="#fff" />
  </svg>
);
