import { accessoryDrawings } from "./drawings-accessories";
import { partDrawings } from "./drawings-parts";
import { f, type Paint } from "./paint";
import type { DrawingKind } from "./vocabulary-articles";

/** A whole bicycle, for the range tile and the carousel scenes. */
export function bicycle(p: Paint): string {
  const wheel = (cx: number): string => {
    const spokes = Array.from({ length: 16 }, (_, i) => {
      const a = (i / 16) * Math.PI;
      return `<line x1="${f(cx + Math.cos(a) * 132)}" y1="${f(500 + Math.sin(a) * 132)}" x2="${f(cx - Math.cos(a) * 132)}" y2="${f(500 - Math.sin(a) * 132)}" stroke="${p.metal}" stroke-width="3"/>`;
    }).join("");
    return `<circle cx="${cx}" cy="500" r="150" fill="none" stroke="${p.rubber}" stroke-width="22"/>
      <circle cx="${cx}" cy="500" r="134" fill="none" stroke="${p.metal}" stroke-width="8"/>
      ${spokes}<circle cx="${cx}" cy="500" r="14" fill="${p.metalDark}"/>`;
  };
  return `${wheel(210)}${wheel(590)}
    <g fill="none" stroke-linecap="round" stroke-linejoin="round">
      <path d="M210 500 L380 500 L320 300 Z M380 500 L560 310 L320 300 M560 310 L590 500" stroke="${p.main}" stroke-width="22"/>
      <path d="M320 300 L306 250 M560 310 L548 240 L600 226" stroke="${p.metalDark}" stroke-width="14"/>
    </g>
    <path d="M250 240 Q256 222 300 222 L350 230 Q362 240 340 248 L280 252 Q250 256 250 240 Z" fill="${p.rubber}"/>
    <rect x="596" y="212" width="46" height="22" rx="10" fill="${p.rubber}"/>
    <circle cx="380" cy="500" r="34" fill="none" stroke="${p.metalDark}" stroke-width="10"/>
    <path d="M380 500 L420 560" stroke="${p.metalDark}" stroke-width="12" stroke-linecap="round"/>
    <rect x="404" y="554" width="40" height="14" rx="4" fill="${p.rubber}"/>`;
}

/**
 * Product drawings as SVG fragments on an 800 x 800 canvas, object centred on (400, 400) and kept
 * within about 110..690 so turned and zoomed variants stay in frame. No text anywhere: the renderer
 * may have no fonts.
 */
export const drawings: Record<DrawingKind, (p: Paint) => string> = { ...partDrawings, ...accessoryDrawings };
