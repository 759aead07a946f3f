import QRCode from "qrcode";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { digitalLinkUri, qrPng, qrSvg } from "./qr-code.server";

const text = digitalLinkUri("https://www.example.com", "04006381333931");

/** The dark modules an SVG of `qrcode` draws: rows of `M x y.5` then `h n` (dark) and `m dx 0` (light) runs. */
function darkModules(svg: string): { size: number; dark: Set<string> } {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const path = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? "";
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, op, a, b] of path.matchAll(/([Mmh])(-?[\d.]+)(?:\s(-?[\d.]+))?/g)) {
    if (op === "M") [x, y] = [Number(a), Math.floor(Number(b))];
    else if (op === "m") [x, y] = [x + Number(a), y + Math.floor(Number(b))];
    else for (let i = 0; i < Number(a); i++) dark.add(`${x++},${y}`);
  }
  return { size, dark };
}

/** The matrix the library makes at a level, placed behind a quiet zone of four modules. */
function expected(level: "L" | "M"): Set<string> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: level });
  const dark = new Set<string>();
  for (let row = 0; row < modules.size; row++) for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) dark.add(`${col + 4},${row + 4}`);
  return dark;
}

describe("QR codes of a Digital Link", () => {
  it("draw error correction level M behind a quiet zone of four modules (SVG)", async () => {
    const { size, dark } = darkModules(await qrSvg(text));
    const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
    expect(size).toBe(modules.size + 8);
    expect(dark).toEqual(expected("M"));
    // The same data at level L differs (format bits, error correction codewords): the test can tell.
    expect(dark).not.toEqual(expected("L"));
  });

  it("make the same code as a PNG of 12 pixels a module with a white border", async () => {
    const png = await qrPng(text);
    const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe((modules.size + 8) * 12);
    const at = (col: number, row: number) => data[(row * 12 + 6) * info.width + col * 12 + 6];
    for (let i = 0; i < modules.size + 8; i++) {
      for (const [col, row] of [[i, 0], [i, 3], [0, i], [3, i], [i, modules.size + 7]]) expect(at(col!, row!), `${col},${row}`).toBe(255);
    }
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) expect(at(col + 4, row + 4) === 0, `${col},${row}`).toBe(modules.get(row, col) === 1);
    }
  });
});
