import { digitalLinkUri, qrPng, qrSvg } from "~/catalog/digital-link/qr-code.server";
import { qrFileName, readQrFile } from "~/catalog/digital-link/qr-file";
import { brand } from "~/config/brand";
import { findArticleByGtin } from "~/models/article.server";
import { storedGtinForms } from "~/utils/ean";
import { jsonError } from "~/utils/json-error.server";
import type { Route } from "./+types/qr-code";

/**
 * `/qr/{gtin14}.svg|png`: the QR code of an article's Digital Link, for its packaging. Only GTINs
 * of our articles get one; the code changes only with SITE_URL, so a day of caching is safe. A
 * code takes 5 ms (SVG) to 30 ms (PNG) of the event loop to draw: the page cache keeps each as
 * drawn, with its ETag, until the data changes (issue 37), and the render budget counts the draws.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = readQrFile(params.file);
  if (!file) return jsonError(404, "not_found", "QR codes are named by a valid GTIN: /qr/{gtin}.svg or /qr/{gtin}.png.", { "Cache-Control": "public, max-age=3600" });
  if (!(await findArticleByGtin(context.db, storedGtinForms(file.gtin14)))) {
    return jsonError(404, "not_found", `No article has the GTIN ${file.gtin14}.`, { "Cache-Control": "public, max-age=60" });
  }
  const text = digitalLinkUri(context.env.SITE_URL, file.gtin14);
  const body = file.format === "svg" ? await qrSvg(text) : new Uint8Array(await qrPng(text));
  return new Response(body, {
    headers: {
      "Content-Type": file.format === "svg" ? "image/svg+xml; charset=utf-8" : "image/png",
      "Content-Disposition": `inline; filename="${qrFileName(brand.slug, file.gtin14, file.format)}"`,
      "Cache-Control": "public, max-age=86400",
    },
  });
}
