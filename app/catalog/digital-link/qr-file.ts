import { toGtin14 } from "~/utils/ean";

/** The QR code files of an article: `/qr/{gtin14}.svg` and `.png` (beside `/01/…`, whose paths belong to the GS1 syntax). */
export type QrFormat = "svg" | "png";

export function qrHref(gtin14: string, format: QrFormat): string {
  return `/qr/${gtin14}.${format}`;
}

/** The name a download is saved under. */
export function qrFileName(brandSlug: string, gtin14: string, format: QrFormat): string {
  return `${brandSlug}-qr-${gtin14}.${format}`;
}

/** `04006381333931.svg` → its GTIN-14 and format; null for anything else (a GTIN with a wrong check digit too). */
export function readQrFile(file: string): { gtin14: string; format: QrFormat } | null {
  const [, digits, format] = /^(\d{8}|\d{12,14})\.(svg|png)$/.exec(file) ?? [];
  const gtin14 = digits ? toGtin14(digits) : null;
  return gtin14 && (format === "svg" || format === "png") ? { gtin14, format } : null;
}
