import type { DealerRow } from "~/db/schema";
import { type ChangeCounts, emptyCounts } from "./import-report";

/** A dealer as an import writes it: everything but the internal id. */
export type DealerValues = Omit<DealerRow, "id">;

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
] as const satisfies readonly (keyof DealerValues)[];

const differs = (row: DealerRow, values: DealerValues) => COMPARED.some((key) => row[key] !== values[key]);

/**
 * What an import of `incoming` (unique source ids) does to the table: dealers are matched by the id
 * of the brand's list (source_id). Without `prune` dealers missing from the file stay.
 */
export function planDealerChanges(existing: readonly DealerRow[], incoming: readonly DealerValues[], prune: boolean): DealerChanges {
  const bySource = new Map(existing.filter((row) => row.source_id !== null).map((row) => [row.source_id, row]));
  const changes: DealerChanges = { added: [], changed: [], removed: [], counts: emptyCounts() };
  const listed = new Set<number>();
  for (const values of incoming) {
    const row = bySource.get(values.source_id);
    if (!row) {
      changes.added.push(values);
      continue;
    }
    listed.add(row.id);
    if (differs(row, values)) changes.changed.push({ id: row.id, values });
    else changes.counts.unchanged++;
  }
  for (const row of existing) {
    if (!listed.has(row.id)) {
      if (prune) changes.removed.push(row.id);
      else changes.counts.unchanged++;
    }
  }
  changes.counts.added = changes.added.length;
  changes.counts.changed = changes.changed.length;
  changes.counts.removed = changes.removed.length;
  return changes;
}
