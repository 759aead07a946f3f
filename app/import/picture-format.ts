/** The picture formats an import accepts: JPEG is copied as it is, the others are converted to JPEG. */
export type PictureFormat = "jpeg" | "other";

/**
 * What the first 16 bytes say the file is; null when it is no picture we can show (an HTML error
 * page served as 200, a PDF named .jpg). The content decides, never the name or the server's type.
 */
export function sniffPicture(head: Uint8Array): PictureFormat | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  const ascii = Buffer.from(head).toString("latin1");
  if (ascii.startsWith("\x89PNG") || ascii.startsWith("GIF8")) return "other";
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") return "other";
  if (ascii.startsWith("II*\0") || ascii.startsWith("MM\0*")) return "other";
  if (ascii.slice(4, 8) === "ftyp" && /avif|avis|heic|mif1/.test(ascii.slice(8, 12))) return "other";
  return null;
}
