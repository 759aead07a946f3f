import type { DrawingKind } from "./vocabulary-articles";

/**
 * Product drawings as SVG fragments on an 800 x 800 canvas, object centred on (400, 400) and kept
 * within about 110..690 so turned and zoomed variants stay in frame. No text anywhere: the renderer
 * may have no fonts.
 */
export interface Paint {
  /** The article's colour. */
  main: string;
  dark: string;
  light: string;
  metal: string;
  metalDark: string;
  rubber: string;
  brand: string;
  accent: string;
  /** Varies small details between articles of the same kind. */
  salt: number;
}

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  const channel = (x: number, y: number): string =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, "0");
  return `#${channel(r1, r2)}${channel(g1, g2)}${channel(b1, b2)}`;
}

export function makePaint(main: string, brand: string, accent: string, salt: number): Paint {
  return {
    main,
    dark: mix(main, "#000000", 0.38),
    light: mix(main, "#ffffff", 0.45),
    metal: "#b9c0c6",
    metalDark: "#6e777e",
    rubber: "#2a2e31",
    brand,
    accent,
    salt,
  };
}

const f = (n: number): string => (Math.round(n * 10) / 10).toString();

function grip(p: Paint): string {
  const ribs = Array.from({ length: 10 }, (_, i) => {
    const x = 262 + i * 30;
    return `<line x1="${x}" y1="372" x2="${x}" y2="440" stroke="${p.dark}" stroke-width="7" stroke-linecap="round"/>`;
  }).join("");
  const wing = p.salt % 2 === 0 ? `<path d="M300 352 Q430 250 585 340 L585 356 H300 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="6"/>` : "";
  return `<g transform="rotate(-22 400 400)">
    <rect x="80" y="374" width="120" height="52" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="4"/>
    ${wing}
    <path d="M232 350 H570 Q632 352 636 400 Q632 450 570 452 H232 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="6"/>
    ${ribs}
    <rect x="176" y="340" width="60" height="122" rx="12" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="5"/>
    <circle cx="206" cy="401" r="13" fill="${p.metalDark}"/>
    <ellipse cx="634" cy="401" rx="20" ry="50" fill="${p.dark}"/>
    <path d="M250 362 H540" stroke="${p.light}" stroke-width="8" stroke-linecap="round" opacity="0.6"/>
  </g>`;
}

function rimbrake(p: Paint): string {
  const arm = (side: 1 | -1): string => {
    const x = (n: number): string => f(400 + side * n);
    return `<path d="M${x(118)} 640 L${x(132)} 220 L${x(88)} 214 L${x(80)} 640 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="6" stroke-linejoin="round"/>
      <circle cx="${x(99)}" cy="620" r="18" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="4"/>
      <rect x="${f(side === 1 ? 400 + 42 : 400 - 84)}" y="400" width="42" height="92" rx="8" fill="${p.rubber}"/>
      <rect x="${f(side === 1 ? 400 + 78 : 400 - 92)}" y="430" width="14" height="32" fill="${p.metal}"/>`;
  };
  return `<rect x="372" y="110" width="56" height="600" rx="26" fill="${p.rubber}"/>
    <rect x="386" y="110" width="28" height="600" fill="${p.metal}" opacity="0.9"/>
    ${arm(-1)}${arm(1)}
    <path d="M268 232 Q300 170 360 176 L532 220" fill="none" stroke="${p.metalDark}" stroke-width="10" stroke-linecap="round"/>
    <path d="M268 232 Q300 170 360 176" fill="none" stroke="${p.metal}" stroke-width="16" stroke-linecap="round"/>
    <circle cx="532" cy="220" r="14" fill="${p.metalDark}"/>`;
}

function brakepad(p: Paint): string {
  const pad = (dx: number, dy: number, angle: number): string => `<g transform="translate(${dx} ${dy}) rotate(${angle} 400 400)">
      <rect x="250" y="340" width="300" height="120" rx="40" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="6"/>
      <rect x="266" y="352" width="268" height="72" rx="30" fill="${p.rubber}"/>
      ${[0, 1, 2, 3].map((i) => `<line x1="${318 + i * 54}" y1="356" x2="${318 + i * 54}" y2="420" stroke="#4b5156" stroke-width="9"/>`).join("")}
      <rect x="382" y="460" width="36" height="110" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="4"/>
      ${[0, 1, 2, 3, 4].map((i) => `<line x1="382" y1="${474 + i * 20}" x2="418" y2="${468 + i * 20}" stroke="${p.metalDark}" stroke-width="4"/>`).join("")}
      <rect x="368" y="540" width="64" height="22" rx="4" fill="${p.metalDark}"/>
    </g>`;
  return pad(-70, -120, -8) + pad(80, 110, 10);
}

function chain(p: Paint): string {
  const links: string[] = [];
  const n = 13;
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const x = 130 + t * 540;
    const y = 400 + Math.sin(t * Math.PI * 1.6 + 0.4) * 150;
    const t2 = (i + 1) / (n - 1);
    const x2 = 130 + t2 * 540;
    const y2 = 400 + Math.sin(t2 * Math.PI * 1.6 + 0.4) * 150;
    const angle = (Math.atan2(y2 - y, x2 - x) * 180) / Math.PI;
    const outer = i % 2 === 0;
    const fill = outer ? p.main : p.dark;
    links.push(`<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})">
      <rect x="-14" y="-${outer ? 30 : 25}" width="${outer ? 76 : 72}" height="${outer ? 60 : 50}" rx="${outer ? 28 : 24}" fill="${fill}" stroke="${p.dark}" stroke-width="4"/>
      <circle cx="0" cy="0" r="14" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="4"/>
      <circle cx="48" cy="0" r="14" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="4"/>
    </g>`);
  }
  return links.join("");
}

function pedal(p: Paint): string {
  const pins = [
    [238, 268], [400, 252], [562, 268], [238, 532], [400, 548], [562, 532], [226, 400], [574, 400],
  ].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="11" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="3"/>`).join("");
  return `<g transform="rotate(-12 400 400)">
    <rect x="70" y="372" width="150" height="56" rx="10" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="5"/>
    <path d="M60 360 h40 v80 h-40 z" fill="${p.metalDark}"/>
    <rect x="200" y="220" width="400" height="360" rx="60" fill="${p.main}" stroke="${p.dark}" stroke-width="8"/>
    <rect x="262" y="290" width="276" height="220" rx="36" fill="#eef1ee" stroke="${p.dark}" stroke-width="6"/>
    <rect x="262" y="374" width="276" height="52" fill="${p.main}" stroke="${p.dark}" stroke-width="5"/>
    ${pins}
    <rect x="612" y="330" width="26" height="140" rx="8" fill="${p.accent}" stroke="#a57c00" stroke-width="4"/>
  </g>`;
}

function saddle(p: Paint): string {
  const channel = p.salt % 3 === 0 ? `<path d="M330 318 L560 334" stroke="${p.dark}" stroke-width="10" stroke-linecap="round"/>` : "";
  return `<rect x="372" y="470" width="56" height="230" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="5"/>
    <rect x="340" y="446" width="120" height="44" rx="10" fill="${p.metalDark}"/>
    <path d="M230 420 Q300 470 360 468 L520 468 Q600 462 640 398" fill="none" stroke="${p.metal}" stroke-width="12" stroke-linecap="round"/>
    <path d="M140 360 Q146 286 300 282 L600 318 Q700 330 702 372 Q696 402 612 402 L330 440 Q150 454 140 360 Z" fill="${p.main}" stroke="${p.dark}" stroke-width="7"/>
    <path d="M160 380 Q170 430 330 428 L610 398" fill="none" stroke="${p.dark}" stroke-width="9"/>
    <path d="M176 326 Q200 300 300 300 L590 332" fill="none" stroke="${p.light}" stroke-width="5" stroke-dasharray="14 10"/>
    ${channel}
    <path d="M150 360 Q160 420 230 432" fill="none" stroke="${p.dark}" stroke-width="5"/>`;
}

function frontlight(p: Paint): string {
  return `<path d="M520 320 L760 200 L760 600 L520 480 Z" fill="#fff3b0" opacity="0.55"/>
    <path d="M520 350 L720 270 L720 530 L520 450 Z" fill="#fff8d6" opacity="0.7"/>
    <rect x="250" y="470" width="70" height="120" fill="${p.rubber}"/>
    <circle cx="285" cy="620" r="52" fill="none" stroke="${p.rubber}" stroke-width="26"/>
    <rect x="170" y="300" width="360" height="200" rx="80" fill="${p.main}" stroke="${p.dark}" stroke-width="7"/>
    <path d="M210 330 H450" stroke="${p.light}" stroke-width="12" stroke-linecap="round" opacity="0.6"/>
    <ellipse cx="520" cy="400" rx="52" ry="108" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="6"/>
    <ellipse cx="524" cy="400" rx="36" ry="86" fill="#fffbe6" stroke="#e8d27a" stroke-width="4"/>
    <circle cx="300" cy="440" r="12" fill="#4cd964"/>`;
}

function rearlight(p: Paint): string {
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      cells.push(`<rect x="${338 + col * 42}" y="${296 + row * 42}" width="34" height="34" fill="#e0452f" stroke="#a8241a" stroke-width="3"/>`);
    }
  }
  return `<circle cx="400" cy="400" r="260" fill="#ff5a45" opacity="0.16"/>
    <circle cx="400" cy="400" r="190" fill="#ff5a45" opacity="0.18"/>
    <rect x="270" y="180" width="260" height="440" rx="60" fill="${p.main}" stroke="${p.dark}" stroke-width="7"/>
    <rect x="312" y="228" width="176" height="340" rx="34" fill="#c62d1f"/>
    ${cells.join("")}
    <rect x="330" y="246" width="140" height="30" rx="12" fill="#ff8a75"/>
    <rect x="356" y="626" width="88" height="60" rx="10" fill="${p.rubber}"/>`;
}

function lightset(p: Paint): string {
  return `<g transform="translate(-150 -40) scale(0.62) translate(240 240)">${frontlight(p)}</g>
    <g transform="translate(250 90) scale(0.55) translate(320 320)">${rearlight(p)}</g>`;
}

function tyre(p: Paint): string {
  const knobs = Array.from({ length: 44 }, (_, i) => {
    const a = (i / 44) * 360;
    return `<rect x="391" y="92" width="18" height="28" rx="4" fill="${p.rubber}" transform="rotate(${f(a)} 400 400)"/>`;
  }).join("");
  const skinwall = p.salt % 3 === 0;
  return `${knobs}
    <circle cx="400" cy="400" r="248" fill="none" stroke="${p.rubber}" stroke-width="68"/>
    <circle cx="400" cy="400" r="250" fill="none" stroke="${skinwall ? "#b58b5a" : "#3b4044"}" stroke-width="34"/>
    <circle cx="400" cy="400" r="232" fill="none" stroke="#dfe4e6" stroke-width="6"/>
    <circle cx="400" cy="400" r="205" fill="none" stroke="${p.metal}" stroke-width="14"/>
    ${Array.from({ length: 16 }, (_, i) => `<path d="M${f(400 + Math.cos((i * Math.PI) / 8) * 262)} ${f(400 + Math.sin((i * Math.PI) / 8) * 262)} l12 12" stroke="#4b5156" stroke-width="8"/>`).join("")}`;
}

function tube(p: Paint): string {
  return `<circle cx="400" cy="400" r="250" fill="none" stroke="${p.rubber}" stroke-width="52"/>
    <circle cx="400" cy="400" r="262" fill="none" stroke="#4b5156" stroke-width="8" opacity="0.8"/>
    <path d="M250 210 A230 230 0 0 1 520 190" fill="none" stroke="#5c6368" stroke-width="8" stroke-linecap="round"/>
    <rect x="384" y="560" width="32" height="120" fill="${p.metal}" stroke="${p.metalDark}" stroke-width="4"/>
    <rect x="378" y="664" width="44" height="40" rx="8" fill="${p.rubber}"/>
    <rect x="372" y="600" width="56" height="14" fill="${p.metalDark}"/>`;
}

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

export const drawings: Record<DrawingKind, (p: Paint) => string> = {
  grip,
  rimbrake,
  brakepad,
  chain,
  pedal,
  saddle,
  frontlight,
  rearlight,
  lightset,
  tyre,
  tube,
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
};
