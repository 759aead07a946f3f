import type { ManualDefinition } from "~/documents/manuals/manual-layout.server";
import { FONT, type Box, type Pdf } from "~/documents/manuals/pdf-frame.server";

const METAL = "#9aa4a0";
const RUBBER = "#2c3431";

function callout(doc: Pdf, label: string, x: number, y: number, toX: number, toY: number): void {
  doc.moveTo(x, y).lineTo(toX, toY).lineWidth(0.8).stroke(doc.color.ink);
  doc.circle(x, y, 8).fillAndStroke(doc.color.paper, doc.color.ink);
  doc.font(FONT.bold).fontSize(8.5).fillColor(doc.color.ink).text(label, x - 8, y - 4, { width: 16, align: "center", lineBreak: false });
}

/** Right half of a handlebar seen from the front: stem, brake lever, lock-on grip, bar-end plug. */
function drawHandlebar(doc: Pdf, box: Box): void {
  const cy = box.y + box.height * 0.55;
  const left = box.x + 20;
  const gripStart = box.x + box.width * 0.5;
  const gripEnd = box.x + box.width * 0.84;

  // Stem clamp.
  doc.roundedRect(left, cy - 26, 44, 52, 6).fill("#6d7773");
  doc.rect(left + 44, cy - 6, 20, 12).fill("#6d7773");
  doc.circle(left + 10, cy - 16, 3).fill(doc.color.paper);
  doc.circle(left + 10, cy + 16, 3).fill(doc.color.paper);

  // Bar, slightly rising towards the grip as on a riser bar.
  doc
    .moveTo(left + 40, cy)
    .bezierCurveTo(left + 120, cy, gripStart - 80, cy - 6, gripEnd + 10, cy - 6)
    .lineWidth(16)
    .lineCap("round")
    .stroke(METAL);

  // Brake lever with clamp.
  const leverX = gripStart - 46;
  doc.rect(leverX, cy - 16, 16, 26).fill("#4a5350");
  doc
    .moveTo(leverX + 8, cy + 8)
    .bezierCurveTo(leverX + 40, cy + 30, leverX + 90, cy + 44, leverX + 150, cy + 40)
    .lineWidth(7)
    .lineCap("round")
    .stroke("#4a5350");

  // Clamp ring with its screw.
  doc.roundedRect(gripStart - 2, cy - 20, 16, 28, 3).fill(doc.color.primary);
  doc.circle(gripStart + 6, cy - 6, 3.2).fill(doc.color.paper);
  doc.circle(gripStart + 6, cy - 6, 1.4).fill(doc.color.ink);

  // Grip body with ribs and an ergonomic wing.
  doc
    .moveTo(gripStart + 14, cy - 18)
    .lineTo(gripEnd, cy - 18)
    .bezierCurveTo(gripEnd + 6, cy - 18, gripEnd + 6, cy + 6, gripEnd, cy + 6)
    .lineTo(gripEnd - 40, cy + 6)
    .bezierCurveTo(gripEnd - 50, cy + 22, gripEnd - 96, cy + 22, gripEnd - 110, cy + 6)
    .lineTo(gripStart + 14, cy + 6)
    .closePath()
    .fill(RUBBER);
  for (let x = gripStart + 24; x < gripEnd - 8; x += 9) {
    doc.moveTo(x, cy - 15).lineTo(x, cy + 3).lineWidth(1.2).lineCap("round").stroke("#55605b");
  }

  // Bar-end plug.
  doc.roundedRect(gripEnd + 4, cy - 16, 8, 20, 2).fill(doc.color.accent);

  callout(doc, "1", gripStart + 6, box.y + 14, gripStart + 6, cy - 20);
  callout(doc, "2", gripStart + (gripEnd - gripStart) / 2, box.y + 14, gripStart + (gripEnd - gripStart) / 2, cy - 18);
  callout(doc, "3", gripEnd + 40, box.y + 14, gripEnd + 10, cy - 10);
  callout(doc, "4", leverX - 40, box.y + box.height - 10, leverX + 40, cy + 28);
}

/** Close-up of the clamp ring with a hex key and the torque. */
function drawTightening(doc: Pdf, box: Box): void {
  const cx = box.x + box.width * 0.42;
  const cy = box.y + box.height * 0.55;
  doc.rect(box.x + 20, cy - 12, box.width * 0.6, 24).fill(METAL);
  doc.roundedRect(cx - 18, cy - 30, 36, 60, 5).fill(doc.color.primary);
  doc.circle(cx, cy - 10, 7).fill(doc.color.paper);
  doc.polygon([cx - 3, cy - 14], [cx + 3, cy - 14], [cx + 5, cy - 10], [cx + 3, cy - 6], [cx - 3, cy - 6], [cx - 5, cy - 10]).fill(doc.color.ink);
  // L-shaped hex key, long arm as lever.
  doc
    .moveTo(cx, cy - 10)
    .lineTo(cx, cy - 52)
    .lineTo(cx + 90, cy - 52)
    .lineWidth(6)
    .lineJoin("round")
    .lineCap("round")
    .stroke("#3b3f3d");
  // Clockwise arrow around the screw.
  doc.path(`M ${cx - 30} ${cy - 40} A 34 34 0 0 1 ${cx + 30} ${cy - 40}`).lineWidth(2).stroke(doc.color.accent);
  doc.polygon([cx + 30, cy - 46], [cx + 36, cy - 36], [cx + 24, cy - 36]).fill(doc.color.accent);
  doc
    .font(FONT.bold)
    .fontSize(22)
    .fillColor(doc.color.ink)
    .text("2–3 Nm", box.x + box.width * 0.66, cy - 20, { lineBreak: false });
  doc.font(FONT.regular).fontSize(10).fillColor(doc.color.muted).text("3 mm", box.x + box.width * 0.66, cy + 8, { lineBreak: false });
}

export const gripManual: ManualDefinition = {
  id: "griffe-montage",
  position: 1,
  fileName: "griffe-montageanleitung.pdf",
  name: { de: "Montageanleitung für Griffe", en: "Grip mounting instructions" },
  figures: [
    {
      height: 170,
      caption: {
        de: "1 Klemmring mit Innensechskantschraube · 2 Griffkörper · 3 Lenkerendstopfen · 4 Bremshebel",
        en: "1 Clamp ring with hex socket screw · 2 Grip body · 3 Bar-end plug · 4 Brake lever",
      },
      draw: drawHandlebar,
    },
    {
      height: 120,
      afterStep: 6,
      caption: {
        de: "Klemmschraube mit 3-mm-Innensechskant auf 2–3 Nm anziehen (Angabe auf dem Klemmring beachten).",
        en: "Tighten the clamp screw with a 3 mm hex key to 2–3 Nm (observe the value printed on the clamp ring).",
      },
      draw: drawTightening,
    },
  ],
  text: ({ name, company }) => ({
    de: {
      languageLabel: "Deutsch",
      title: "Griffe – Montageanleitung",
      subtitle: "Für Lock-on-Griffe mit Klemmring und für Schiebegriffe",
      intro: [
        `Vielen Dank, dass Sie sich für Griffe von ${name} entschieden haben. Diese Anleitung beschreibt die Montage an Lenkern mit 22,2 mm Durchmesser im Griffbereich. Lesen Sie sie vor der Montage vollständig durch und bewahren Sie sie auf.`,
        "Griffe sind ein sicherheitsrelevantes Bauteil: Ein verdrehter oder abrutschender Griff kann zum Sturz führen. Wenn Sie unsicher sind, lassen Sie die Montage von Ihrem Fachhändler ausführen.",
      ],
      safetyTitle: "Sicherheitshinweise",
      safety: [
        "Griffe niemals mit Fett, Öl oder Silikonspray montieren: Sie würden sich im Betrieb verdrehen.",
        "Lenkerenden immer mit Stopfen verschließen. Offene Rohrenden können bei einem Sturz schwere Verletzungen verursachen.",
        "Bei Carbonlenkern die Vorgaben des Lenkerherstellers beachten und nur mit Drehmomentschlüssel arbeiten.",
        "Vor jeder Fahrt prüfen, dass sich die Griffe nicht verdrehen oder abziehen lassen.",
      ],
      preparation: [
        {
          heading: "Werkzeug und Material",
          bullets: [
            "Innensechskantschlüssel 3 mm und ein Drehmomentschlüssel (2–6 Nm)",
            "Sauberer Lappen und Isopropanol (Reinigungsalkohol)",
            "Bei Schiebegriffen: Haarspray oder Montagefluid auf Alkoholbasis",
          ],
        },
      ],
      stepsTitle: "Montage in sieben Schritten",
      steps: [
        "Alte Griffe entfernen: Klemmschrauben lösen oder bei Schiebegriffen einen flachen Schraubendreher unter den Griff schieben und etwas Isopropanol einträufeln.",
        "Lenker im Griffbereich mit Isopropanol reinigen und trocknen lassen. Rückstände alter Griffe vollständig entfernen.",
        "Bremshebel und Schalter so weit nach innen schieben, dass der neue Griff einschließlich Klemmring Platz hat.",
        "Griff aufschieben, bis das Lenkerende bündig mit dem Griffende abschließt. Der Lenker darf innen nicht überstehen.",
        "Ergonomische Griffe mit Flügel so ausrichten, dass der Flügel bei normaler Sitzposition waagerecht bis leicht (ca. 10–15°) nach unten zeigt.",
        "Klemmschraube mit dem Innensechskantschlüssel auf das am Klemmring angegebene Drehmoment anziehen, höchstens 3 Nm.",
        "Lenkerendstopfen eindrücken, Bremshebel und Schalter wieder in Griffweite bringen und festziehen. Abschließend prüfen, dass sich der Griff mit kräftigem Drehen nicht bewegt.",
      ],
      sections: [
        {
          heading: "Pflege und Kontrolle",
          paragraphs: [
            "Griffe mit warmem Wasser und milder Seife reinigen; keine Lösungsmittel verwenden. Klemmschrauben alle 500 km oder nach einem Sturz kontrollieren. Rissige oder abgenutzte Griffe sofort ersetzen.",
          ],
        },
      ],
      closing: `Stand: Januar 2024 · Fragen beantwortet Ihr Fachhändler oder ${company.legalName}, ${company.email}.`,
    },
    en: {
      languageLabel: "English",
      title: "Handle grips – mounting instructions",
      subtitle: "For lock-on grips with clamp ring and for push-on grips",
      intro: [
        `Thank you for choosing ${name} grips. These instructions describe mounting on handlebars with a grip diameter of 22.2 mm. Read them completely before you start and keep them for later reference.`,
        "Grips are safety-relevant parts: a grip that turns or slips off can cause a fall. If in doubt, have the grips fitted by your specialist dealer.",
      ],
      safetyTitle: "Safety notes",
      safety: [
        "Never fit grips with grease, oil or silicone spray: they would turn while riding.",
        "Always close the handlebar ends with plugs. Open tube ends can cause serious injuries in a fall.",
        "On carbon handlebars, follow the handlebar maker's instructions and always use a torque wrench.",
        "Before every ride, check that the grips can neither be turned nor pulled off.",
      ],
      preparation: [
        {
          heading: "Tools and materials",
          bullets: [
            "3 mm hex key and a torque wrench (2–6 Nm)",
            "Clean cloth and isopropyl alcohol",
            "For push-on grips: hairspray or an alcohol-based mounting fluid",
          ],
        },
      ],
      stepsTitle: "Mounting in seven steps",
      steps: [
        "Remove the old grips: loosen the clamp screws or, for push-on grips, slide a flat screwdriver under the grip and add a few drops of isopropyl alcohol.",
        "Clean the grip area of the handlebar with isopropyl alcohol and let it dry. Remove all residue of the old grips.",
        "Move the brake levers and shifters inwards far enough for the new grip and its clamp ring.",
        "Slide the grip on until the handlebar end is flush with the end of the grip. The bar must not protrude inside.",
        "Align ergonomic grips so that the wing points horizontally to slightly downwards (about 10–15°) in your normal riding position.",
        "Tighten the clamp screw with the hex key to the torque printed on the clamp ring, 3 Nm at most.",
        "Push in the bar-end plugs, move the brake levers and shifters back within reach and tighten them. Finally check that the grip does not move when twisted firmly.",
      ],
      sections: [
        {
          heading: "Care and inspection",
          paragraphs: [
            "Clean the grips with warm water and mild soap; do not use solvents. Check the clamp screws every 500 km and after a fall. Replace cracked or worn grips immediately.",
          ],
        },
      ],
      closing: `Version: January 2024 · Questions? Ask your specialist dealer or ${company.legalName}, ${company.email}.`,
    },
  }),
};
