/**
 * EAN-13 (GTIN-13) check digits. Weights alternate 1 and 3 from the left over the first twelve
 * digits; the check digit tops the weighted sum up to the next multiple of ten.
 */
export function eanCheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) {
    throw new Error(`An EAN-13 body must be exactly 12 digits, got ${JSON.stringify(first12)}`);
  }
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    sum += Number(first12.charAt(i)) * (i % 2 === 0 ? 1 : 3);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  return eanCheckDigit(code.slice(0, 12)) === Number(code.charAt(12));
}

/** Appends the check digit to a 12-digit body. */
export function makeEan13(prefix12: string): string {
  return `${prefix12}${eanCheckDigit(prefix12)}`;
}

/**
 * GTIN-8, -12, -13 and -14 share one check-digit rule: weights 3 and 1 alternate from the right,
 * so leading zeros change nothing and a GTIN-12 is its GTIN-13 with a 0 in front.
 */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  let sum = 0;
  for (let i = code.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(code.charAt(i)) * weight;
  return (10 - (sum % 10)) % 10 === Number(code.charAt(code.length - 1));
}

export type GtinReading = { gtin: string } | { problem: "invalid" | "trade-unit" };

/**
 * A GTIN as the site stores, shows and searches it: the digits printed under the bar code. EAN-13
 * stays as it is, an EAN-8 stays eight digits (padding it would show a number no package carries),
 * a UPC-A (GTIN-12) becomes its EAN-13 and a GTIN-14 with indicator 0 its GTIN-13. A GTIN-14
 * with indicator 1-8 names a carton of the article, not the article (decision 037).
 */
export function readGtin(raw: string): GtinReading {
  const code = raw.replace(/[\s-]/g, "");
  if (!isValidGtin(code)) return { problem: "invalid" };
  if (code.length === 12) return { gtin: `0${code}` };
  if (code.length === 14) return code.startsWith("0") ? { gtin: code.slice(1) } : { problem: "trade-unit" };
  return { gtin: code };
}

/**
 * A GTIN-8, -12, -13 or -14 as the 14 digits a GS1 Digital Link carries (`/01/{gtin14}`): zeros in
 * front, which leave the check digit as it is. Null for anything that is no valid GTIN.
 */
export function toGtin14(code: string): string | null {
  return isValidGtin(code) ? code.padStart(14, "0") : null;
}

/**
 * The forms in which the site may hold the article behind a GTIN-14 (readGtin keeps EAN-8s at eight
 * digits and older data may hold a UPC-A at twelve): looked up with `in (…)`, each is an index hit.
 */
export function storedGtinForms(gtin14: string): string[] {
  const forms = [gtin14];
  if (gtin14.startsWith("0")) forms.push(gtin14.slice(1));
  if (gtin14.startsWith("00")) forms.push(gtin14.slice(2));
  if (gtin14.startsWith("000000")) forms.push(gtin14.slice(6));
  return forms;
}
