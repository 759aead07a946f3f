import type { ManualDefinition } from "~/documents/manuals/manual-layout.server";
import { FONT, type Box, type Pdf } from "~/documents/manuals/pdf-frame.server";

const METAL = "#9aa4a0";
const CHROME = "#c7cfcb";

/** Bell on the bar next to the grip, seen from the rider: dome, clamp band, thumb lever, sound. */
function drawBell(doc: Pdf, box: Box): void {
  const barY = box.y + box.height - 30;
  doc
    .moveTo(box.x + 20, barY)
    .lineTo(box.x + box.width * 0.8, barY)
    .lineWidth(16)
    .lineCap("round")
    .stroke(METAL);
  // Grip on the right-hand end.
  doc.roundedRect(box.x + box.width * 0.6, barY - 11, box.width * 0.22, 22, 6).fill("#2c3431");

  const cx = box.x + box.width * 0.42;
  // Clamp band around the bar with its screw boss.
  doc.roundedRect(cx - 14, barY - 13, 28, 26, 3).fill(doc.color.primary);
  doc.rect(cx + 14, barY - 4, 10, 8).fill(doc.color.primary);
  doc.circle(cx + 24, barY, 3).fill(doc.color.ink);
  // Stem and dome.
  doc.rect(cx - 4, barY - 34, 8, 22).fill("#6d7773");
  doc.circle(cx, barY - 66, 38).fillAndStroke(CHROME, "#7d8783");
  doc.circle(cx, barY - 66, 26).lineWidth(1.2).stroke("#a7b0ac");
  doc.circle(cx, barY - 66, 6).fill("#6d7773");
  // Thumb lever reaching towards the grip.
  doc
    .moveTo(cx + 10, barY - 30)
    .bezierCurveTo(cx + 40, barY - 26, cx + 60, barY - 24, cx + 78, barY - 30)
    .lineWidth(5)
    .lineCap("round")
    .stroke(doc.color.ink);
  doc.circle(cx + 80, barY - 31, 7).fill(doc.color.accent);
  // Sound waves.
  for (const r of [52, 64, 76]) {
    doc.path(`M ${cx - r * 0.7} ${barY - 66 - r * 0.7} A ${r} ${r} 0 0 0 ${cx - r * 0.7} ${barY - 66 + r * 0.7}`).lineWidth(2).stroke(doc.color.accent);
  }
}

/** Cross-sections of the clamp on the two bar diameters it fits. */
function drawDiameters(doc: Pdf, box: Box): void {
  const cy = box.y + box.height / 2 - 6;
  const sections = [
    { x: box.x + box.width * 0.28, bar: 22, shim: true, label: "Ø 22,2 mm" },
    { x: box.x + box.width * 0.68, bar: 26, shim: false, label: "Ø 25,4 mm" },
  ];
  for (const section of sections) {
    doc.circle(section.x, cy, 36).fill(doc.color.primary);
    doc.rect(section.x + 30, cy - 8, 18, 16).fill(doc.color.primary);
    doc.circle(section.x, cy, 28).fill(doc.color.primaryLight);
    if (section.shim) doc.circle(section.x, cy, 28).fill(doc.color.accent);
    doc.circle(section.x, cy, section.bar).fill(METAL);
    doc
      .font(FONT.bold)
      .fontSize(11)
      .fillColor(doc.color.ink)
      .text(section.label, section.x - 60, cy + 44, { width: 120, align: "center", lineBreak: false });
  }
}

export const bellManual: ManualDefinition = {
  id: "klingel-montage",
  position: 4,
  fileName: "klingel-montageanleitung.pdf",
  name: { de: "Montageanleitung für Fahrradklingeln", en: "Bell mounting instructions" },
  figures: [
    {
      height: 190,
      caption: {
        de: "Glocke neben dem Griff: Schelle (grün) um den Lenker, Schlaghebel mit dem Daumen erreichbar.",
        en: "Bell next to the grip: clamp band (green) around the bar, striker lever within reach of the thumb.",
      },
      draw: drawBell,
    },
    {
      height: 130,
      afterStep: 3,
      caption: {
        de: "Lenker mit 22,2 mm: gelbe Gummieinlage einlegen. Lenker mit 25,4 mm: ohne Einlage.",
        en: "22.2 mm handlebar: insert the yellow rubber shim. 25.4 mm handlebar: no shim.",
      },
      draw: drawDiameters,
    },
  ],
  text: ({ name, company }) => ({
    de: {
      languageLabel: "Deutsch",
      title: "Fahrradklingel – Montageanleitung",
      subtitle: "Für Lenkerdurchmesser 22,2 mm und 25,4 mm",
      intro: [
        `Die Klingel von ${name} ist eine helltönende Glocke im Sinne von § 64a StVZO. In Deutschland muss jedes Fahrrad im Straßenverkehr eine solche Glocke haben; andere Signalgeräte sind nicht erlaubt.`,
        "Die Montage dauert etwa fünf Minuten und gelingt mit einem Kreuzschlitz-Schraubendreher.",
      ],
      safetyTitle: "Sicherheitshinweise",
      safety: [
        "Klingel so anbringen, dass Sie sie mit dem Daumen erreichen, ohne den Griff loszulassen.",
        "Bremshebel, Schalthebel und Züge dürfen durch die Klingel nicht behindert werden.",
        "Schraube nur handfest anziehen (höchstens 1 Nm), besonders an Carbonlenkern.",
        "Vor jeder Fahrt prüfen, ob die Klingel fest sitzt und hell klingt.",
      ],
      preparation: [
        {
          heading: "Lieferumfang",
          bullets: ["Glocke mit Schelle und Schraube", "Gummieinlage für 22,2-mm-Lenker"],
        },
      ],
      stepsTitle: "Montage in sechs Schritten",
      steps: [
        "Position wählen: links oder rechts neben dem Griff, innen vor Brems- und Schalthebel.",
        "Schraube der Schelle herausdrehen und die Schelle aufbiegen.",
        "Lenkerdurchmesser prüfen: bei 22,2 mm die Gummieinlage in die Schelle legen, bei 25,4 mm ohne Einlage montieren.",
        "Schelle um den Lenker legen und die Schraube von Hand eindrehen.",
        "Klingel so drehen, dass der Schlaghebel zum Daumen zeigt und die Glockenschale nichts berührt.",
        "Schraube handfest anziehen (höchstens 1 Nm). Die Klingel darf sich beim Betätigen nicht verdrehen. Zum Schluss Klang prüfen.",
      ],
      sections: [
        {
          heading: "Pflege",
          paragraphs: [
            "Glockenschale mit einem feuchten Tuch reinigen. Die Mechanik unter der Schale einmal im Jahr mit einem Tropfen Feinmechaniköl schmieren; die Schale selbst nicht ölen, sonst klingt sie dumpf.",
          ],
        },
      ],
      closing: `Stand: Januar 2024 · Fragen beantwortet Ihr Fachhändler oder ${company.legalName}, ${company.email}.`,
    },
    en: {
      languageLabel: "English",
      title: "Bicycle bell – mounting instructions",
      subtitle: "For handlebar diameters of 22.2 mm and 25.4 mm",
      intro: [
        `The ${name} bell is a clear-sounding bell as required by section 64a of the German road vehicle regulations (StVZO). In Germany every bicycle on public roads must carry such a bell; other signalling devices are not allowed.`,
        "Mounting takes about five minutes and needs a Phillips screwdriver.",
      ],
      safetyTitle: "Safety notes",
      safety: [
        "Mount the bell where your thumb reaches it without letting go of the grip.",
        "The bell must not obstruct brake levers, shifters or cables.",
        "Tighten the screw hand-tight only (1 Nm at most), especially on carbon handlebars.",
        "Before every ride, check that the bell is firm and rings clearly.",
      ],
      preparation: [
        {
          heading: "Contents",
          bullets: ["Bell with clamp band and screw", "Rubber shim for 22.2 mm handlebars"],
        },
      ],
      stepsTitle: "Mounting in six steps",
      steps: [
        "Choose the position: left or right next to the grip, inboard of the brake lever and shifter.",
        "Unscrew the clamp screw and bend the clamp band open.",
        "Check the handlebar diameter: for 22.2 mm put the rubber shim into the clamp, for 25.4 mm mount without shim.",
        "Place the clamp around the handlebar and start the screw by hand.",
        "Turn the bell so that the striker lever points to your thumb and the dome touches nothing.",
        "Tighten the screw hand-tight (1 Nm at most). The bell must not turn when you ring it. Finally check the sound.",
      ],
      sections: [
        {
          heading: "Care",
          paragraphs: [
            "Clean the dome with a damp cloth. Lubricate the mechanism under the dome with a drop of precision oil once a year; do not oil the dome itself, or it will sound dull.",
          ],
        },
      ],
      closing: `Version: January 2024 · Questions? Ask your specialist dealer or ${company.legalName}, ${company.email}.`,
    },
  }),
};
