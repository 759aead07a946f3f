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
} as const;

/** `64000` → `64,000`, as the messages write numbers. */
export function formatLimit(value: number): string {
  return value.toLocaleString("en-US");
}
