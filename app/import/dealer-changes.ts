import { assignSlugs } from "~/dealers/dealer/dealer-slug";
import type { DealerRow } from "~/db/schema";
import { type ChangeCounts, emptyCounts } from "~/exchange/import-report";

/** A dealer as an import writes it: everything but the internal id. */
export type DealerValues = Omit<DealerRow, "id">;
/** A dealer as a file or the provider gives it: the page address is ours to make. */
export type IncomingDealer = Omit<DealerValues, "slug">;

export interface DealerChanges {
  added: DealerValues[];
  /** Existing dealers (by their internal id) whose data differs from the file. */
  changed: { id: number; values: DealerValues }[];
  /** Ids of dealers the file does not list; only filled with `prune`. */
  removed: number[];
  counts: ChangeCounts;
}

const COMPARED = [
  "name",
  "street",
  "postal_code",
  "city",
  "country",
  "tel",
  "email",
  "web",
  "tag",
  "lat",
  "lng",
  "approximate",
  "services",
  "opening_hours",
  "product_lines",
  "region",
] as const satisfies readonly (keyof IncomingDealer)[];

const differs = (row: DealerRow, values: IncomingDealer) => COMPARED.some((key) => row[key] !== values[key]);
const renamed = (row: DealerRow, values: IncomingDealer) => row.name !== values.name || row.city !== values.city;

/**
 * What an import of `incoming` (unique source ids) does to the table: dealers are matched by the id
 * of the brand's list (source_id). Without `prune` dealers missing from the file stay.
 *
 * A dealer keeps its page address while its name and town stay, so links and search engines keep
 * finding it when only the hours change; a renamed or moved dealer and a new one get a new slug,
 * unique against every slug that stays (the removed dealers' are free again).
 */
export function planDealerChanges(existing: readonly DealerRow[], incoming: readonly IncomingDealer[], prune: boolean): DealerChanges {
  const bySource = new Map(existing.filter((row) => row.source_id !== null).map((row) => [row.source_id, row]));
  const changes: DealerChanges = { added: [], changed: [], removed: [], counts: emptyCounts() };
  const listed = new Set<number>();
  const changed: { row: DealerRow; values: IncomingDealer }[] = [];
  const added: IncomingDealer[] = [];
  for (const values of incoming) {
    const row = bySource.get(values.source_id);
    if (!row) {
      added.push(values);
      continue;
    }
    listed.add(row.id);
    if (differs(row, values)) changed.push({ row, values });
    else changes.counts.unchanged++;
  }
  for (const row of existing) {
    if (!listed.has(row.id)) {
      if (prune) changes.removed.push(row.id);
      else changes.counts.unchanged++;
    }
  }

  const removed = new Set(changes.removed);
  const renamedRows = changed.filter(({ row, values }) => renamed(row, values));
  const moving = new Set(renamedRows.map(({ row }) => row.id));
  const kept = existing.filter((row) => !removed.has(row.id) && !moving.has(row.id)).map((row) => row.slug);
  const slugs = assignSlugs([...renamedRows.map(({ values }) => values), ...added], kept);
  const slugOf = new Map(renamedRows.map(({ row }, i) => [row.id, slugs[i] ?? row.slug]));
  changes.changed = changed.map(({ row, values }) => ({ id: row.id, values: { ...values, slug: slugOf.get(row.id) ?? row.slug } }));
  changes.added = added.map((values, i) => ({ ...values, slug: slugs[renamedRows.length + i] ?? "" }));
  changes.counts.added = changes.added.length;
  changes.counts.changed = changes.changed.length;
  changes.counts.removed = changes.removed.length;
  return changes;
}
