import { f, type Paint } from "./paint";
import type { DrawingKind } from "./vocabulary-articles";

function mudguard(p: Paint): string {
  return `<circle cx="400" cy="480" r="230" fill="none" stroke="#cfd5d8" stroke-width="10" stroke-dasharray="18 14"/>
    <circle cx="400" cy="480" r="26" fill="#cfd5d8"/>
    <line x1="400" y1="480" x2="${f(400 + Math.cos(Math.PI * 1.1) * 275)}" y2="${f(480 + Math.sin(Math.PI * 1.1) * 275)}" stroke="${p.metal}" stroke-width="8"/>
    <line x1="400" y1="480" x2="${f(400 + Math.cos(Math.PI * 1.95) * 275)}" y2="${f(480 + Math.sin(Math.PI * 1.95) * 275)}" stroke="${p.metal}" stroke-width="8"/>
    <path d="M${f(400 + Math.cos(Math.PI * 1.05) * 275)} ${f(480 + Math.sin(Math.PI * 1.05) * 275)} A275 275 0 0 1 ${f(400 + Math.cos(Math.PI * 2.05) * 275)} ${f(480 + Math.sin(Math.PI * 2.05) * 275)}" fill="none" stroke="${p.dark}" stroke-width="58" stroke-linecap="round"/>
    <path d="M${f(400 + Math.cos(Math.PI * 1.05) * 275)} ${f(480 + Math.sin(Math.PI * 1.05) * 275)} A275 275 0 0 1 ${f(400 + Math.cos(Math.PI * 2.05) * 275)} ${f(480 + Math.sin(Math.PI * 2.05) * 275)}" fill="none" stroke="${p.main}" stroke-width="44" stroke-linecap="round"/>
    <path d="M${f(400 + Math.cos(Math.PI * 1.2) * 282)} ${f(480 + Math.sin(Math.PI * 1.2) * 282)} A282 282 0 0 1 ${f(400 + Math.cos(Math.PI * 1.6) * 282)} ${f(480 + Math.sin(Math.PI * 1.6) * 282)}" fill="none" stroke="${p.light}" stroke-width="8" stroke-linecap="round"/>
    <rect x="${f(400 + Math.cos(Math.PI * 1.05) * 275 - 24)}" y="${f(480 + Math.sin(Math.PI * 1.05) * 275)}" width="48" height="120" rx="8" fill="${p.rubber}"/>`;
}

function rack(p: Paint): string {
  return `<g stroke-linecap="round" stroke-linejoin="round" fill="none">
    <path d="M130 300 H650 Q690 300 690 340" stroke="${p.dark}" stroke-width="30"/>
    <path d="M130 300 H650 Q690 300 690 340" stroke="${p.main}" stroke-width="20"/>
    ${[200, 280, 360, 440, 520, 600].map((x) => `<line x1="${x}" y1="300" x2="${x + 10}" y2="340" stroke="${p.main}" stroke-width="12"/>`).join("")}
    <path d="M140 340 H660" stroke="${p.main}" stroke-width="16"/>
    <path d="M180 280 H600 Q640 280 640 250" stroke="${p.metalDark}" stroke-width="10"/>
    <path d="M220 340 L470 660 M560 340 L480 660 M660 340 L490 660" stroke="${p.main}" stroke-width="18"/>
    <path d="M140 340 L190 250" stroke="${p.main}" stroke-width="14"/>
  </g>
    <circle cx="480" cy="664" r="24" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="6"/>
    <rect x="676" y="340" width="30" height="60" rx="6" fill="#c62d1f"/>`;
}

function ulock(p: Paint): string {
  return `<path d="M270 470 V310 A130 130 0 0 1 530 310 V470" fill="none" stroke="${p.metalDark}" stroke-width="58" stroke-linecap="round"/>
    <path d="M270 450 V310 A130 130 0 0 1 530 310 V450" fill="none" stroke="${p.main}" stroke-width="46" stroke-linecap="round"/>
    <path d="M285 300 A112 112 0 0 1 420 196" fill="none" stroke="${p.light}" stroke-width="10" stroke-linecap="round" opacity="0.7"/>
    <rect x="170" y="450" width="460" height="120" rx="46" fill="${p.dark}" stroke="${p.rubber}" stroke-width="6"/>
    <rect x="190" y="466" width="420" height="40" rx="18" fill="${p.main}" opacity="0.7"/>
    <circle cx="560" cy="510" r="30" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="5"/>
    <rect x="554" y="494" width="12" height="32" rx="4" fill="${p.rubber}"/>`;
}

function chainlock(p: Paint): string {
  const links = Array.from({ length: 20 }, (_, i) => {
    const a = (i / 20) * Math.PI * 2;
    const x = 400 + Math.cos(a) * 240;
    const y = 360 + Math.sin(a) * 180;
    const angle = (a * 180) / Math.PI + 90;
    return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${i % 2 ? 14 : 34}" ry="${i % 2 ? 34 : 20}" fill="none" stroke="${p.dark}" stroke-width="16" transform="rotate(${f(angle)} ${f(x)} ${f(y)})"/>`;
  }).join("");
  return `<ellipse cx="400" cy="360" rx="240" ry="180" fill="none" stroke="${p.main}" stroke-width="58"/>
    ${links}
    <rect x="330" y="480" width="140" height="170" rx="30" fill="${p.rubber}" stroke="#000" stroke-width="4"/>
    <rect x="346" y="496" width="108" height="40" rx="14" fill="${p.main}"/>
    <circle cx="400" cy="590" r="24" fill="${p.metal}"/>
    <rect x="394" y="574" width="12" height="30" fill="${p.rubber}"/>`;
}

function combolock(p: Paint): string {
  const coils = Array.from({ length: 14 }, (_, i) => {
    const x = 170 + i * 34;
    const y = 300 + Math.sin(i / 2.2) * 40;
    return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="30" ry="88" fill="none" stroke="${p.dark}" stroke-width="24"/>
      <ellipse cx="${f(x)}" cy="${f(y)}" rx="30" ry="88" fill="none" stroke="${p.main}" stroke-width="16"/>`;
  }).join("");
  const wheels = [0, 1, 2, 3].map((i) => `<rect x="${402 + i * 52}" y="476" width="40" height="96" rx="8" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="4"/>
      <line x1="${408 + i * 52}" y1="524" x2="${436 + i * 52}" y2="524" stroke="${p.rubber}" stroke-width="6"/>`).join("");
  return `${coils}
    <path d="M640 320 Q700 380 640 460" fill="none" stroke="${p.main}" stroke-width="22" stroke-linecap="round"/>
    <rect x="380" y="450" width="270" height="150" rx="30" fill="${p.rubber}"/>
    ${wheels}`;
}

function bell(p: Paint): string {
  return `<rect x="300" y="540" width="200" height="44" rx="14" fill="${p.metalDark}"/>
    <path d="M330 584 Q330 660 400 664 Q470 660 470 584" fill="none" stroke="${p.metal}" stroke-width="20"/>
    <ellipse cx="400" cy="530" rx="222" ry="46" fill="${p.dark}"/>
    <path d="M178 528 Q178 250 400 250 Q622 250 622 528 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="7"/>
    <path d="M236 470 Q236 320 380 290" fill="none" stroke="#ffffff" stroke-width="22" stroke-linecap="round" opacity="0.45"/>
    <circle cx="400" cy="242" r="24" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="5"/>
    <path d="M560 540 L690 470" stroke="${p.metalDark}" stroke-width="22" stroke-linecap="round"/>
    <circle cx="694" cy="468" r="26" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="5"/>`;
}

function pump(p: Paint): string {
  return `<g transform="rotate(-30 400 400)">
    <rect x="100" y="360" width="90" height="80" rx="24" fill="${p.rubber}"/>
    <rect x="180" y="370" width="70" height="60" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="4"/>
    <rect x="240" y="348" width="360" height="104" rx="30" fill="${p.main}" stroke="${p.dark}" stroke-width="7"/>
    <path d="M270 368 H570" stroke="${p.light}" stroke-width="10" stroke-linecap="round" opacity="0.6"/>
    <rect x="592" y="340" width="100" height="120" rx="22" fill="${p.rubber}"/>
    <path d="M660 340 L700 260" stroke="${p.rubber}" stroke-width="22" stroke-linecap="round"/>
    <circle cx="642" cy="400" r="20" fill="#4b5156"/>
    ${p.salt % 2 === 0 ? `<circle cx="420" cy="400" r="36" fill="#ffffff" stroke="${p.dark}" stroke-width="6"/><line x1="420" y1="400" x2="440" y2="382" stroke="#c62d1f" stroke-width="5"/>` : ""}
  </g>`;
}

function bag(p: Paint): string {
  return `<rect x="250" y="150" width="60" height="40" rx="8" fill="${p.rubber}"/>
    <rect x="490" y="150" width="60" height="40" rx="8" fill="${p.rubber}"/>
    <path d="M210 250 Q210 200 260 200 H540 Q590 200 590 250 V640 Q590 680 550 680 H250 Q210 680 210 640 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="8"/>
    <path d="M210 250 Q210 200 260 200 H540 Q590 200 590 250 V300 H210 Z" fill="${p.dark}"/>
    <path d="M230 266 H570" stroke="${p.main}" stroke-width="6" opacity="0.6"/>
    <rect x="372" y="270" width="56" height="110" rx="10" fill="${p.rubber}"/>
    <rect x="384" y="350" width="32" height="24" rx="4" fill="${p.metal}"/>
    <rect x="210" y="560" width="380" height="26" fill="#e4e8ea" opacity="0.9"/>
    <path d="M300 200 Q400 120 500 200" fill="none" stroke="${p.rubber}" stroke-width="16"/>`;
}

function handlebarbag(p: Paint): string {
  return `<rect x="100" y="220" width="600" height="40" rx="20" fill="${p.metalDark}"/>
    <rect x="350" y="236" width="100" height="70" rx="10" fill="${p.rubber}"/>
    <path d="M190 300 H610 L590 620 Q586 650 556 650 H244 Q214 650 210 620 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="8"/>
    <rect x="210" y="290" width="380" height="110" rx="16" fill="#cfe6f3" stroke="${p.dark}" stroke-width="6" opacity="0.85"/>
    <path d="M240 330 L300 360 L360 320 L440 370 L560 330" fill="none" stroke="#7aa6c2" stroke-width="6"/>
    <rect x="260" y="470" width="280" height="130" rx="18" fill="${p.dark}"/>
    <path d="M270 480 H530" stroke="${p.light}" stroke-width="6" stroke-dasharray="12 8"/>
    <rect x="210" y="426" width="380" height="20" fill="#e4e8ea"/>`;
}

function saddlebag(p: Paint): string {
  return `<rect x="386" y="120" width="28" height="120" fill="${p.metal}"/>
    <path d="M170 250 Q176 196 300 194 L560 214 Q640 222 640 250 Q636 270 570 272 L310 296 Q176 306 170 250 Z" fill="#4b5156"/>
    <path d="M250 330 H580 Q600 330 596 352 L540 560 Q530 600 490 600 H330 Q290 600 280 560 L236 352 Q232 330 250 330 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="8"/>
    <path d="M248 420 H584" stroke="${p.dark}" stroke-width="8"/>
    <rect x="560" y="412" width="24" height="40" rx="6" fill="${p.rubber}"/>
    <rect x="300" y="520" width="220" height="18" fill="#e4e8ea"/>
    <rect x="296" y="296" width="30" height="50" fill="${p.rubber}"/>
    <rect x="494" y="288" width="30" height="58" fill="${p.rubber}"/>`;
}

function bottlecage(p: Paint): string {
  return `<path d="M330 200 Q330 160 370 150 V110 H430 V150 Q470 160 470 200 V640 Q470 680 430 680 H370 Q330 680 330 640 Z" fill="#dbe9f5" opacity="0.8" stroke="#a8c3da" stroke-width="5"/>
    <g fill="none" stroke-linecap="round" stroke-linejoin="round">
      <path d="M300 660 V300 Q300 250 340 240 M500 660 V300 Q500 250 460 240 M300 660 Q400 700 500 660 M300 450 Q400 420 500 450" stroke="${p.dark}" stroke-width="34"/>
      <path d="M300 660 V300 Q300 250 340 240 M500 660 V300 Q500 250 460 240 M300 660 Q400 700 500 660 M300 450 Q400 420 500 450" stroke="${p.main}" stroke-width="22"/>
      <path d="M400 680 V300" stroke="${p.main}" stroke-width="22"/>
    </g>
    <circle cx="400" cy="360" r="14" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="4"/>
    <circle cx="400" cy="570" r="14" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="4"/>`;
}

function kickstand(p: Paint): string {
  return `<circle cx="560" cy="300" r="210" fill="none" stroke="#d4dadd" stroke-width="14"/>
    <rect x="250" y="200" width="170" height="70" rx="14" fill="${p.dark}" stroke="${p.rubber}" stroke-width="5"/>
    <circle cx="290" cy="235" r="14" fill="${p.metal}"/>
    <circle cx="380" cy="235" r="14" fill="${p.metal}"/>
    <path d="M330 260 L230 640" stroke="${p.dark}" stroke-width="50" stroke-linecap="round"/>
    <path d="M330 260 L230 640" stroke="${p.main}" stroke-width="36" stroke-linecap="round"/>
    <path d="M322 290 L250 570" stroke="${p.light}" stroke-width="8" stroke-linecap="round" opacity="0.6"/>
    <ellipse cx="226" cy="660" rx="62" ry="24" fill="${p.rubber}"/>`;
}

function mirror(p: Paint): string {
  return `<rect x="90" y="560" width="200" height="56" rx="12" fill="${p.metalDark}"/>
    <rect x="270" y="552" width="60" height="72" rx="14" fill="${p.rubber}"/>
    <path d="M320 580 Q420 560 440 470" fill="none" stroke="${p.main}" stroke-width="30" stroke-linecap="round"/>
    <circle cx="450" cy="460" r="22" fill="${p.rubber}"/>
    <circle cx="500" cy="330" r="170" fill="${p.main}" stroke="${p.dark}" stroke-width="8"/>
    <circle cx="500" cy="330" r="140" fill="#d7e6ef"/>
    <path d="M420 260 Q470 210 540 218" fill="none" stroke="#ffffff" stroke-width="20" stroke-linecap="round"/>
    <path d="M410 330 Q520 340 590 270" fill="none" stroke="#a7c1d1" stroke-width="10" stroke-linecap="round"/>`;
}

function tool(p: Paint): string {
  const keys = [-70, -42, -14, 14, 42].map((angle, i) => `<g transform="rotate(${angle} 400 560)">
      <rect x="${388 - (i % 2) * 3}" y="${190 + i * 6}" width="${24 + (i % 2) * 6}" height="370" rx="6" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="4"/>
    </g>`).join("");
  return `${keys}
    <rect x="250" y="480" width="300" height="160" rx="70" fill="${p.main}" stroke="${p.dark}" stroke-width="8"/>
    <circle cx="330" cy="560" r="26" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="5"/>
    <circle cx="470" cy="560" r="26" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="5"/>
    <path d="M318 560 h24 M458 560 h24" stroke="${p.metalDark}" stroke-width="6"/>
    <path d="M290 500 H510" stroke="${p.light}" stroke-width="8" stroke-linecap="round" opacity="0.6"/>`;
}

function basket(p: Paint): string {
  const verticals = Array.from({ length: 11 }, (_, i) => {
    const t = i / 10;
    return `<line x1="${f(180 + t * 440)}" y1="330" x2="${f(230 + t * 340)}" y2="640" stroke="${p.main}" stroke-width="10"/>`;
  }).join("");
  const horizontals = [400, 470, 540, 610].map((y) => {
    const inset = ((y - 330) / 310) * 50;
    return `<line x1="${f(180 + inset)}" y1="${y}" x2="${f(620 - inset)}" y2="${y}" stroke="${p.main}" stroke-width="10"/>`;
  }).join("");
  return `<path d="M300 330 Q400 140 500 330" fill="none" stroke="${p.dark}" stroke-width="20"/>
    ${verticals}${horizontals}
    <path d="M180 330 H620" stroke="${p.dark}" stroke-width="26" stroke-linecap="round"/>
    <path d="M230 640 H570" stroke="${p.dark}" stroke-width="22" stroke-linecap="round"/>`;
}

/** Locks, bags, carriers and other accessories. */
export const accessoryDrawings = {
  mudguard,
  rack,
  ulock,
  chainlock,
  combolock,
  bell,
  pump,
  bag,
  handlebarbag,
  saddlebag,
  bottlecage,
  kickstand,
  mirror,
  tool,
  basket,
} satisfies Partial<Record<DrawingKind, (p: Paint) => string>>;
