/**
 * What one import file may hold at most (issue 25). Each bound keeps an import within its memory
 * budget (the command runs with a 192 MB heap; the whole process stays under 300 MB resident), and
 * a file past one is refused with the line where it went past (exit 1, nothing changed) instead of
 * dying of "heap out of memory" halfway. docs/importing.md's "Import limits" table lists them; decision
 * 033 says why these numbers.
 */
export const IMPORT_LIMITS = {
  /** Nesting of XML elements. Real BMEcat is about 10 deep; HTML in a description adds a few. */
  elementDepth: 64,
  /** Characters of one text: an element's text, an attribute value, a comment; one CSV record. BMEcat's own limit for its longest fields (DESCRIPTION_LONG). */
  textLength: 64_000,
  /** Elements in one record (a PRODUCT with its features, prices and pictures). */
  recordElements: 50_000,
  /** Attributes on one XML element. */
  attributes: 256,
  /** Rows of a dealer list, the header included. */
  dealerRows: 20_000,
  /** Bytes of a dealer list: a CSV file's size, an XLSX workbook's parts once decompressed, together. */
  dealerFileBytes: 16 * 1024 * 1024,
  /** Rows of a stock file, the header included: 500 dealers × 2,000 articles twice over (decision 055). */
  stockRows: 2_000_000,
  /** Bytes of a stock CSV file: 2,000,000 rows of up to 32 bytes. Read in one piece, outside the heap. */
  stockCsvBytes: 64 * 1024 * 1024,
  /** Bytes of a stock XLSX workbook once decompressed: the XLSX reader holds every cell as an object, so larger stock goes as CSV. */
  stockXlsxBytes: 16 * 1024 * 1024,
  /**
   * Rows of an XLSX sheet of any kind: a stock file's 16 MB decompressed hold about 150,000 rows
   * (some 110 bytes each); the XLSX reader makes an array for every row up to the last, empty or not.
   */
  sheetRows: 200_000,
  /** Columns of an XLSX sheet (column SR): the widest real layout, a store-locator export with hours per day, has about 60. */
  sheetColumns: 512,
  /**
   * Cells of an XLSX sheet's rectangle, its last row times its last column: the XLSX reader fills
   * every row out to the last column and every gap between rows, 8 bytes a cell (32 MB here).
   */
  sheetCells: 4_000_000,
  /**
   * Codes in an ETIM dictionary (`--etim`), features, values and units together: ETIM 10.0 has
   * 33,728 (17,377 features, 16,163 values, 188 units); seven times that leaves room for the
   * releases to come and stops a file that is no ETIM model after a few seconds (decision 073).
   */
  etimCodes: 250_000,
  /** Bytes of an ETIM CSV release (the ZIP as ETIM publishes it) once decompressed: ETIM 10.0's is 19 MB. */
  etimZipBytes: 128 * 1024 * 1024,
} as const;

/**
 * How much one kind of sheet may hold (decision 033): bytes of a CSV file, bytes of an XLSX
 * workbook once decompressed, rows with the header; `what` names the kind in every message the
 * sheet reader writes about it.
 */
export interface SheetLimits {
  csvBytes: number;
  xlsxBytes: number;
  rows: number;
  what: string;
}

/** The sheets the imports read (CSV or XLSX), one entry per import: the one place their limits and names live. */
export const SHEET_LIMITS = {
  dealers: { csvBytes: IMPORT_LIMITS.dealerFileBytes, xlsxBytes: IMPORT_LIMITS.dealerFileBytes, rows: IMPORT_LIMITS.dealerRows, what: "a dealer list" },
  // A recall list is a few rows a year; the dealer list's bounds are far above it.
  recalls: { csvBytes: IMPORT_LIMITS.dealerFileBytes, xlsxBytes: IMPORT_LIMITS.dealerFileBytes, rows: IMPORT_LIMITS.dealerRows, what: "a recall list" },
  stock: { csvBytes: IMPORT_LIMITS.stockCsvBytes, xlsxBytes: IMPORT_LIMITS.stockXlsxBytes, rows: IMPORT_LIMITS.stockRows, what: "a stock file" },
} as const satisfies Record<string, SheetLimits>;

/** `64000` → `64,000`, as the messages write numbers. */
export function formatLimit(value: number): string {
  return value.toLocaleString("en-US");
}
