import type { DB } from "~/db/database.server";
import { germanToday, pricesFromRows, shownPriceCents } from "~/exchange/retail-price";
import { datedPriceRows } from "~/models/article-price.server";
import { newDataVersion, recordImport } from "~/models/data-version.server";
import { repeatEvery } from "~/utils/repeat-every";

/*
 * A price that ends is taken off the pages when it ends, and one that starts is put on, without a
 * new import (issue 38, decision 075): articles.price_cents follows the kept prices of the German
 * day. Only articles with a dated price can change; the partial index of migration 0016 finds them.
 * A change writes a new data version, so every server drops its cached pages within a second.
 */
export async function refreshShownPrices(db: DB, today: string = germanToday()): Promise<number> {
  const dated = await datedPriceRows(db);
  if (dated.size === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const partnos = [...dated.keys()];
    let changed = 0;
    for (let i = 0; i < partnos.length; i += 500) {
      const rows = await trx.selectFrom("articles").select(["partno", "price_cents"]).where("partno", "in", partnos.slice(i, i + 500)).execute();
      for (const row of rows) {
        const shown = shownPriceCents(pricesFromRows(dated.get(row.partno) ?? []), today);
        if (shown === row.price_cents) continue;
        // Only where the row still holds what was read: an import in between has the last word.
        const result = await trx
          .updateTable("articles")
          .set({ price_cents: shown })
          .where("partno", "=", row.partno)
          .where((eb) => (row.price_cents === null ? eb("price_cents", "is", null) : eb("price_cents", "=", row.price_cents)))
          .executeTakeFirst();
        changed += Number(result.numUpdatedRows);
      }
    }
    if (changed > 0) await recordImport(trx, newDataVersion(), { imported: false });
    return changed;
  });
}

export interface PriceClock {
  stop(): void;
}

/** Checks every few minutes: dates change at German midnight, whatever the server's time zone and DST. */
export function startPriceClock(db: DB, options: { intervalMs?: number; onChange?: (count: number) => void; onError: (error: unknown) => void }): PriceClock {
  const tick = () =>
    refreshShownPrices(db).then(
      (count) => {
        if (count > 0) options.onChange?.(count);
      },
      (error: unknown) => options.onError(error),
    );
  return repeatEvery(() => void tick(), { firstMs: 1000, everyMs: options.intervalMs ?? 5 * 60_000 });
}
