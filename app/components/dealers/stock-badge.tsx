import { AppLink } from "~/navigation/app-link";

/** An article under recall: where its notice is, and the words beside the stock ("Rückruf: …"). */
export interface StockRecall {
  href: string;
  label: string;
}

/**
 * "vorrätig · Stand heute 14:05": a dealer reports the article in stock (decision 056). Words and
 * a tick, never colour alone, and never a quantity. `time` comes from `stockTime` (the site's zone).
 * An article under recall says so right beside it, wherever stock is shown (issue 37): the one place
 * that note is made, so no page can show "in stock" for a recalled article without it.
 */
export function StockBadge({ label, time, recall = null }: { label: string; time: string; recall?: StockRecall | null }) {
  return (
    <>
      <p className="stock-badge">
        <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="14" height="14">
          <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <strong className="stock-badge__label">{label}</strong>
        <span className="stock-badge__time">{` · ${time}`}</span>
      </p>
      {recall ? (
        <p className="stock-recall">
          <span className="stock-recall__icon" aria-hidden="true">
            !
          </span>
          <AppLink to={recall.href}>{recall.label}</AppLink>
        </p>
      ) : null}
    </>
  );
}
