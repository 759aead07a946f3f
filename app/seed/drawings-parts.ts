import { f, type Paint } from "./paint";
import type { DrawingKind } from "./vocabulary-articles";

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

/** Parts, lights and tyres. */
export const partDrawings = {
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
} satisfies Partial<Record<DrawingKind, (p: Paint) => string>>;
