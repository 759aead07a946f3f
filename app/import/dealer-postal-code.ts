import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";

/*
 * Postal codes outside Germany, Austria and Switzerland, checked against the country's pattern from
 * postcode-validator (decision 043). A code that fails is dropped with a warning: the dealer stays
 * listed, and the file's coordinates or the town place it.
 */

export interface ForeignPostalCode {
  /** The code as stored: trimmed, single spaces, upper case ("sw1x 7xl" → "SW1X 7XL"). */
  code: string;
  problem: string | null;
}

export function checkForeignPostalCode(written: string, country: string): ForeignPostalCode {
  const code = written.replace(/\s+/g, " ").trim().toUpperCase();
  // Hong Kong has no postal codes, Ireland had none before Eircode: an empty cell is normal.
  if (code === "") return { code: "", problem: null };
  if (!postcodeValidatorExistsForCountry(country)) return { code, problem: null };
  if (postcodeValidator(code, country)) return { code, problem: null };
  return { code: "", problem: `not a postal code of ${country}, left out: "${written.trim()}"` };
}
