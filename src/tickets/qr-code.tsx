import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { qrMatrix, qrPath } from "./qr-matrix";
import * as styles from "./tickets.module.css";

/**
 * A ticket's QR code, drawn in the browser as SVG (sharp at any print size) holding
 * exactly `text`. Black on white whatever the theme: scanners need the contrast.
 */
export function QrCode({
  text,
  code = text,
  className,
}: {
  text: string;
  /** the short code the label names (the QR text itself may be a long signed payload) */
  code?: string;
  className?: string;
}): React.JSX.Element {
  const { t } = useTranslation("tickets", { keyPrefix: "tickets" });
  const [drawn, setDrawn] = useState<{ text: string; path: string; viewBox: number } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    qrMatrix(text)
      .then((matrix) => live && setDrawn({ text, ...qrPath(matrix) }))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [text]);

  const label = t("qrLabel", { code });
  if (!drawn || drawn.text !== text) {
    return (
      <div className={`${styles.qr} ${className ?? ""}`} role="img" aria-label={label} aria-busy={!failed}>
        {!failed && <span className={styles.qrLoading}>{t("qrLoading")}</span>}
      </div>
    );
  }
  return (
    <svg
      className={`${styles.qr} ${className ?? ""}`}
      viewBox={`0 0 ${drawn.viewBox} ${drawn.viewBox}`}
      role="img"
      aria-label={label}
      data-qr={text}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={drawn.viewBox} height={drawn.viewBox} fill="#fff" />
      <path d={drawn.path} fill="#000" />
    </svg>
  );
}
