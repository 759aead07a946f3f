import QRCode from "qrcode";
import { digitalLinkPath } from "./digital-link-uri";

/**
 * QR codes of an article's Digital Link for packaging: error correction level M (15 % of the code
 * may be lost, GS1's recommendation for Digital Link on packs) and a quiet zone of four modules, the
 * minimum ISO/IEC 18004 asks for. SVG for print (scales without loss), PNG for everything else.
 */
const OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const;

/** Pixels per module of the PNG: about 4 cm at 300 dpi for a typical 37-module code. */
const PNG_SCALE = 12;

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...OPTIONS, type: "svg" });
}

export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...OPTIONS, type: "png", scale: PNG_SCALE });
}

/** The Digital Link a code carries: the GTIN alone, so one code serves every pack of the article. */
export function digitalLinkUri(siteUrl: string, gtin14: string): string {
  return `${siteUrl}${digitalLinkPath({ gtin14, qualifiers: {} })}`;
}
