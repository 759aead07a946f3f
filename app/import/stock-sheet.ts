/**
 * The stock file's layout (decision 055): a header row naming `dealer_id`, `gtin` and/or
 * `part_number`, `quantity`, and optionally `updated_at`, in any order; and the rows read from it,
 * kept in typed columns (outside the JavaScript heap), because a file of 500 dealers × 2,000
 * articles has a million of them.
 */

export const STOCK_COLUMNS = ["dealer_id", "gtin", "part_number", "quantity", "updated_at"] as const;
export type StockColumn = (typeof STOCK_COLUMNS)[number];

/** Other spellings people and tools use for the same columns. */
const ALIASES: Record<string, StockColumn> = {
  dealer: "dealer_id",
  dealerid: "dealer_id",
  ean: "gtin",
  partno: "part_number",
  part_no: "part_number",
  partnumber: "part_number",
  qty: "quantity",
  as_of: "updated_at",
};

export interface StockHeader {
  /** Cell index of each column the header names. */
  columns: Partial<Record<StockColumn, { index: number; name: string }>>;
  errors: string[];
  warnings: string[];
}

const normalise = (name: string) => name.trim().toLowerCase().replace(/[\s-]+/g, "_");

export function checkStockHeader(cells: readonly string[]): StockHeader {
  const columns: StockHeader["columns"] = {};
  const errors: string[] = [];
  const warnings: string[] = [];
  const ignored: string[] = [];
  for (const [index, cell] of cells.entries()) {
    const key = normalise(cell.replace(/^\uFEFF/, ""));
    if (key === "") continue;
    const column = (STOCK_COLUMNS as readonly string[]).includes(key) ? (key as StockColumn) : ALIASES[key];
    if (!column) {
      ignored.push(cell.trim());
      continue;
    }
    if (columns[column]) errors.push(`the column ${column} appears twice ("${columns[column].name}" and "${cell.trim()}")`);
    else columns[column] = { index, name: cell.trim() };
  }
  if (!columns.dealer_id) errors.push("no dealer_id column: the header must name dealer_id, gtin or part_number, and quantity");
  if (!columns.gtin && !columns.part_number) errors.push("neither a gtin nor a part_number column: one of them names the article");
  if (!columns.quantity) errors.push("no quantity column");
  if (ignored.length > 0) warnings.push(`columns ignored (not part of a stock file): ${ignored.join(", ")}`);
  return { columns, errors, warnings };
}

/** A column of numbers that grows by doubling; its memory is an ArrayBuffer, not heap objects. */
class Column<T extends Int32Array | Float64Array> {
  length = 0;
  constructor(
    public values: T,
    private readonly make: (size: number) => T,
  ) {}

  push(value: number): void {
    if (this.length === this.values.length) {
      const bigger = this.make(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
  }
}

const ints = (size: number) => new Int32Array(size);
const doubles = (size: number) => new Float64Array(size);

/** Strings seen many times (part numbers, GTINs, dealer ids) stored once, referred to by number. */
export class Interned {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();

  of(value: string): number {
    let found = this.index.get(value);
    if (found === undefined) {
      found = this.values.length;
      this.values.push(value);
      this.index.set(value, found);
    }
    return found;
  }
}

/** The usable rows of a stock file, in file order. */
export class StockRows {
  readonly dealers = new Interned();
  readonly partnos = new Interned();
  readonly gtins = new Interned();
  private readonly dealer = new Column(new Int32Array(1024), ints);
  private readonly partno = new Column(new Int32Array(1024), ints);
  /** Index into `gtins`, or -1 when the row named a part number. */
  private readonly gtin = new Column(new Int32Array(1024), ints);
  private readonly quantity = new Column(new Int32Array(1024), ints);
  private readonly asOf = new Column(new Float64Array(1024), doubles);
  private readonly line = new Column(new Int32Array(1024), ints);

  get length(): number {
    return this.line.length;
  }

  add(row: { dealerId: number; partno: string; gtin: string | null; quantity: number; asOf: number; line: number }): void {
    this.dealer.push(this.dealers.of(String(row.dealerId)));
    this.partno.push(this.partnos.of(row.partno));
    this.gtin.push(row.gtin === null ? -1 : this.gtins.of(row.gtin));
    this.quantity.push(row.quantity);
    this.asOf.push(row.asOf);
    this.line.push(row.line);
  }

  row(i: number) {
    const gtin = this.gtin.values[i] ?? -1;
    return {
      dealerId: Number(this.dealers.values[this.dealer.values[i] ?? 0]),
      partno: this.partnos.values[this.partno.values[i] ?? 0] ?? "",
      gtin: gtin < 0 ? null : (this.gtins.values[gtin] ?? null),
      quantity: this.quantity.values[i] ?? 0,
      asOf: this.asOf.values[i] ?? 0,
      line: this.line.values[i] ?? 0,
    };
  }

  /**
   * The rows grouped by dealer and article, each group in file order: one sort of numbers (the
   * key and the row's index packed into one double), not of a million objects.
   */
  sortedByDealerAndArticle(): Float64Array {
    const articles = this.partnos.values.length;
    const keys = new Float64Array(this.length);
    for (let i = 0; i < this.length; i++) keys[i] = ((this.dealer.values[i] ?? 0) * articles + (this.partno.values[i] ?? 0)) * ROW_SLOTS + i;
    return keys.sort();
  }
}

/** Rows a file may have, as a power of two: the row index fits below it in a sort key. */
export const ROW_SLOTS = 2 ** 21;

/** A sort key's group (dealer and article) and row index. */
export function splitKey(key: number): { group: number; index: number } {
  const index = key % ROW_SLOTS;
  return { group: (key - index) / ROW_SLOTS, index };
}
