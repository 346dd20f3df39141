/**
 * A catalogue image in a box of fixed aspect ratio, so nothing shifts while it loads; a
 * gradient poster with an icon when the catalogue has no image (or it fails to load).
 */
import type React from "react";
import { useState } from "react";
import type { CatalogueImage } from "../core/catalogue";
import { ImageIcon } from "./icons";
import * as styles from "./media.module.css";

interface MediaProps {
  image: CatalogueImage | null;
  /** alt text when the image has none of its own (usually the title) */
  alt: string;
  /** width / height of the box; 1200/630 for events */
  ratio?: "wide" | "square";
  /** above the fold: load at once */
  eager?: boolean;
  /** decorative next to a link with the same text: alt="" */
  decorative?: boolean;
  className?: string;
  children?: React.ReactNode;
}

export function Media({
  image,
  alt,
  ratio = "wide",
  eager = false,
  decorative = false,
  className,
  children,
}: MediaProps): React.JSX.Element {
  const [failed, setFailed] = useState(false);
  const show = image && !failed;
  return (
    <div className={`${styles.box} ${ratio === "square" ? styles.square : styles.wide} ${className ?? ""}`}>
      {show ? (
        <img
          src={image.url}
          alt={decorative ? "" : image.alt || alt}
          width={image.width || 1200}
          height={image.height || 630}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          // React 18 knows no fetchPriority prop; the lower-case attribute passes through.
          {...(eager ? { fetchpriority: "high" } : {})}
          onError={() => setFailed(true)}
          className={styles.img}
        />
      ) : (
        <div className={styles.poster} role={decorative ? undefined : "img"} aria-label={decorative ? undefined : alt}>
          <ImageIcon size={ratio === "square" ? 28 : 36} />
        </div>
      )}
      {children}
    </div>
  );
}
