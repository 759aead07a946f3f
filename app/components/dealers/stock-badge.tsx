/**
 * "vorrätig · Stand heute 14:05": a dealer reports the article in stock (decision 056). Words and
 * a tick, never colour alone, and never a quantity. `time` comes from `stockTime` (the site's zone).
 */
export function StockBadge({ label, time }: { label: string; time: string }) {
  return (
    <p className="stock-badge">
      <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="14" height="14">
        <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <strong className="stock-badge__label">{label}</strong>
      <span className="stock-badge__time">{` · ${time}`}</span>
    </p>
  );
}
