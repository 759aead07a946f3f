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
