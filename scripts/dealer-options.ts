import { countryCode } from "~/import/dealer-country";
import { mappedColumn } from "~/import/dealer-header";
import { DEALER_COLUMNS, type DealerColumn } from "~/import/dealer-layouts";
import { encodingName } from "~/import/sheet-encoding.server";

/*
 * The dealer import's own flags, checked before any file is opened (issue 38): each wrong one is a
 * usage error (exit 2) that names what would be right.
 */

export interface DealerFlags {
  map?: Partial<Record<DealerColumn, string>>;
  country?: string;
  encoding?: string;
}

export function dealerOptions(values: { map?: string[]; country?: string; encoding?: string }): DealerFlags | { problem: string } {
  const flags: DealerFlags = {};
  if (values.map) {
    const map: Partial<Record<DealerColumn, string>> = {};
    for (const entry of values.map) {
      const equals = entry.indexOf("=");
      const field = equals === -1 ? "" : entry.slice(0, equals).trim();
      const header = equals === -1 ? "" : entry.slice(equals + 1).trim();
      if (!field || !header) return { problem: `--map ${entry}: write it as field=Header, e.g. --map name=Kunde` };
      const column = mappedColumn(field);
      if (!column) return { problem: `--map ${entry}: unknown field "${field}" (fields: ${DEALER_COLUMNS.join(", ")})` };
      if (map[column] !== undefined) return { problem: `--map ${entry}: ${column} is already mapped to "${map[column]}"` };
      map[column] = header;
    }
    flags.map = map;
  }
  if (values.country !== undefined) {
    const match = countryCode(values.country);
    if ("problem" in match) return { problem: `--country ${values.country}: ${match.problem}` };
    flags.country = match.code;
  }
  if (values.encoding !== undefined) {
    if (!encodingName(values.encoding)) return { problem: `--encoding ${values.encoding}: unknown encoding (e.g. utf-8, utf-16le, windows-1251, iso-8859-2)` };
    flags.encoding = values.encoding;
  }
  return flags;
}
