/**
 * The header's shop corner: the currency switcher (when the landing shows currencies) and
 * the basket link with the number of tickets. Before the basket has loaded, the count is
 * the one mirrored in sessionStorage (read in an effect, so the server render and the
 * first browser render agree on "no badge").
 */
import { useTranslation } from "react-i18next";
import { useBasket } from "../basket/basket-context";
import { BasketIcon } from "../components/icons";
import { formatNumber } from "../core/format";
import { href, showsPlacedOrder } from "../core/routes";
import { useCurrency } from "../currency/currency-context";
import { CurrencySwitcher } from "../currency/currency-switcher";
import { Link } from "../i18n/link";
import { usePageLanguage, useSite } from "../kernel/site-context";
import * as styles from "./header-shop-controls.module.css";

export function HeaderShopControls() {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const { count } = useBasket();
  const { showCurrencies, currencies } = useCurrency();
  // a placed order's amounts are in its own, fixed currency: its pages say so instead
  const { originalPath } = useSite();
  const switchable = showCurrencies && currencies.length > 1 && !showsPlacedOrder(originalPath);
  const label = count === null ? t("basket.link") : t("basket.linkWithCount", { count });
  return (
    <div className={styles.controls}>
      {switchable ? <CurrencySwitcher className={styles.currency} selectClassName={styles.currencySelect} /> : null}
      {/* The name is hidden text rather than aria-label: in Arabic "one ticket" is a word, not
          the digit the badge shows, and a label that does not contain the visible text fails
          WCAG 2.5.3 (axe's label-content-name-mismatch). */}
      <Link to={href.cart()} className={styles.basket} title={label} data-testid="basket-link" data-count={count ?? ""}>
        <span className="visually-hidden">{label}</span>
        <BasketIcon size={24} />
        {count ? (
          <span className={styles.badge} aria-hidden="true">
            {formatNumber(count, lang)}
          </span>
        ) : null}
      </Link>
    </div>
  );
}
