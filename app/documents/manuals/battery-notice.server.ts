import type { ManualDefinition } from "~/documents/manuals/manual-layout.server";
import { FONT, drawArrow, type Box, type Pdf } from "~/documents/manuals/pdf-frame.server";

/** The crossed-out wheeled bin of EU battery and WEEE law, with the bar underneath. */
function drawCrossedOutBin(doc: Pdf, x: number, y: number, size: number): void {
  const s = size / 100;
  doc.save();
  doc.lineJoin("round").lineCap("round").lineWidth(4 * s);
  // Lid and handle.
  doc.moveTo(x + 18 * s, y + 22 * s).lineTo(x + 82 * s, y + 22 * s).stroke(doc.color.ink);
  doc.rect(x + 40 * s, y + 14 * s, 20 * s, 6 * s).fill(doc.color.ink);
  // Body, narrowing towards the bottom.
  doc
    .moveTo(x + 22 * s, y + 28 * s)
    .lineTo(x + 78 * s, y + 28 * s)
    .lineTo(x + 72 * s, y + 88 * s)
    .lineTo(x + 28 * s, y + 88 * s)
    .closePath()
    .stroke(doc.color.ink);
  for (const lx of [38, 50, 62]) {
    doc.moveTo(x + lx * s, y + 36 * s).lineTo(x + lx * s, y + 80 * s).lineWidth(2.5 * s).stroke(doc.color.ink);
  }
  doc.lineWidth(4 * s);
  doc.circle(x + 30 * s, y + 92 * s, 6 * s).fill(doc.color.ink);
  // The cross.
  doc.moveTo(x + 8 * s, y + 8 * s).lineTo(x + 92 * s, y + 100 * s).lineWidth(6 * s).stroke(doc.color.ink);
  doc.moveTo(x + 92 * s, y + 8 * s).lineTo(x + 8 * s, y + 100 * s).lineWidth(6 * s).stroke(doc.color.ink);
  // Solid bar: the product was placed on the market after 13 August 2005.
  doc.rect(x + 10 * s, y + 108 * s, 80 * s, 10 * s).fill(doc.color.ink);
  doc.restore();
}

function drawBatteryCell(doc: Pdf, x: number, y: number, label: string, taped: boolean): void {
  doc.roundedRect(x, y, 90, 40, 6).fillAndStroke(doc.color.primary, doc.color.ink);
  doc.rect(x + 90, y + 12, 8, 16).fill(doc.color.ink);
  doc
    .font(FONT.bold)
    .fontSize(12)
    .fillColor(doc.color.paper)
    .text(label, x, y + 14, { width: 90, align: "center", lineBreak: false });
  if (taped) {
    // Insulating tape over the contact against short circuits.
    doc.save();
    doc.fillOpacity(0.85).rect(x + 84, y + 6, 20, 28).fill(doc.color.accent);
    doc.restore();
  }
}

function drawSymbols(doc: Pdf, box: Box): void {
  const top = box.y + 6;
  drawCrossedOutBin(doc, box.x + 30, top, 110);
  doc
    .font(FONT.bold)
    .fontSize(16)
    .fillColor(doc.color.ink)
    .text("Pb  Cd  Hg", box.x + 20, top + 134, { width: 130, align: "center", lineBreak: false });

  const cx = box.x + box.width * 0.45;
  drawBatteryCell(doc, cx, top + 20, "Li-Ion", false);
  drawBatteryCell(doc, cx, top + 90, "Li-Ion", true);
  // Arrow: taped battery goes to the collection box.
  drawArrow(doc, [cx + 120, top + 110], [cx + 170, top + 110], 3, [
    [cx + 178, top + 110],
    [cx + 166, top + 103],
    [cx + 166, top + 117],
  ]);
  // Collection box with a slot.
  const bx = cx + 190;
  doc.roundedRect(bx, top + 60, 70, 90, 6).fill(doc.color.primary);
  doc.rect(bx + 15, top + 74, 40, 6).fill(doc.color.ink);
  doc.circle(bx + 35, top + 112, 16).lineWidth(3).stroke(doc.color.paper);
  doc
    .moveTo(bx + 27, top + 112)
    .lineTo(bx + 33, top + 119)
    .lineTo(bx + 44, top + 104)
    .lineWidth(3)
    .lineCap("round")
    .stroke(doc.color.paper);
}

export const batteryNotice: ManualDefinition = {
  id: "batteriehinweis",
  position: 3,
  fileName: "batteriehinweis.pdf",
  name: { de: "Batteriehinweis", en: "Battery notice" },
  figures: [
    {
      height: 190,
      caption: {
        de: "Links: durchgestrichene Mülltonne und chemische Zeichen. Rechts: Pole von Lithium-Akkus abkleben und zur Sammelstelle bringen.",
        en: "Left: crossed-out wheeled bin and chemical symbols. Right: tape the terminals of lithium batteries and take them to a collection point.",
      },
      draw: drawSymbols,
    },
  ],
  text: ({ company }) => ({
    de: {
      languageLabel: "Deutsch",
      title: "Hinweise zu Batterien und Akkus",
      subtitle: "Für Fahrradbeleuchtung und Zubehör mit Batterie oder Akku",
      intro: [
        `Im Zusammenhang mit dem Vertrieb von Batterien und Akkus sowie von Geräten, die Batterien enthalten, ist ${company.legalName} nach dem Batteriegesetz (BattG) und der EU-Batterieverordnung (EU) 2023/1542 verpflichtet, Sie auf Folgendes hinzuweisen.`,
        "Batterien und Akkus gehören nicht in den Hausmüll. Als Endnutzer sind Sie gesetzlich zur Rückgabe gebrauchter Batterien verpflichtet. Die Rückgabe ist unentgeltlich.",
      ],
      safetyTitle: "Sicherheitshinweise für Lithium-Akkus",
      safety: [
        "Akkus nicht öffnen, nicht kurzschließen, nicht ins Feuer werfen und nicht über 60 °C erhitzen (z. B. im Auto in der Sonne).",
        "Nur mit dem mitgelieferten Kabel an einem USB-Netzteil laden, das der USB-Norm entspricht, und nicht unbeaufsichtigt laden.",
        "Beschädigte, aufgeblähte oder heiß werdende Akkus nicht mehr laden oder benutzen; sie müssen gesondert zurückgegeben werden.",
        "Ausgelaufene Batterien nur mit Handschuhen anfassen; bei Hautkontakt mit viel Wasser abspülen.",
      ],
      preparation: [
        {
          heading: "Bedeutung der Symbole",
          bullets: [
            "Durchgestrichene Mülltonne: Batterie oder Gerät nicht über den Hausmüll entsorgen, sondern getrennt sammeln.",
            "Pb: Die Batterie enthält mehr als 0,004 Masseprozent Blei.",
            "Cd: Die Batterie enthält mehr als 0,002 Masseprozent Cadmium.",
            "Hg: Die Batterie enthält mehr als 0,0005 Masseprozent Quecksilber.",
          ],
        },
      ],
      stepsTitle: "So geben Sie Batterien richtig zurück",
      steps: [
        "Leuchte ausschalten. Wechselbatterien aus dem Batteriefach nehmen. Fest eingebaute Akkus nicht selbst ausbauen: In diesem Fall die ganze Leuchte als Elektroaltgerät zurückgeben.",
        "Die Pole von Lithium-Batterien und -Akkus mit Klebeband abkleben, damit es in der Sammelbox nicht zu Kurzschlüssen kommt.",
        "Batterien unentgeltlich bei einer kommunalen Sammelstelle oder in einer Sammelbox im Handel abgeben, zum Beispiel bei Ihrem Fachhändler.",
        `Sie können Altbatterien, die wir als Neubatterien geführt haben, auch ausreichend frankiert an uns senden: ${company.legalName}, ${company.street}, ${company.postalCode} ${company.city}.`,
      ],
      sections: [
        {
          heading: "Akkus richtig lagern",
          paragraphs: [
            "Für die Winterpause den Akku auf etwa 50 % laden und kühl und trocken bei Raumtemperatur lagern. Alle drei Monate nachladen. Tiefentladene Akkus verlieren dauerhaft an Kapazität.",
          ],
        },
      ],
      closing: `Stand: Januar 2024 · ${company.legalName}, ${company.email}.`,
    },
    en: {
      languageLabel: "English",
      title: "Notes on batteries and rechargeable batteries",
      subtitle: "For bicycle lights and accessories with a battery",
      intro: [
        `As a distributor of batteries and of devices containing batteries, ${company.legalName} is obliged under the German Battery Act (BattG) and the EU Battery Regulation (EU) 2023/1542 to inform you of the following.`,
        "Batteries do not belong in household waste. As an end user you are legally obliged to return used batteries. Returning them is free of charge.",
      ],
      safetyTitle: "Safety notes for lithium batteries",
      safety: [
        "Do not open, short-circuit or burn batteries, and do not heat them above 60 °C (for example in a car in the sun).",
        "Charge only with the supplied cable from a USB power supply that complies with the USB standard, and never leave it charging unattended.",
        "Do not charge or use damaged, swollen or hot batteries any more; they must be returned separately.",
        "Handle leaking batteries only with gloves; after skin contact rinse with plenty of water.",
      ],
      preparation: [
        {
          heading: "Meaning of the symbols",
          bullets: [
            "Crossed-out wheeled bin: do not dispose of the battery or device with household waste; collect it separately.",
            "Pb: the battery contains more than 0.004 per cent lead by weight.",
            "Cd: the battery contains more than 0.002 per cent cadmium by weight.",
            "Hg: the battery contains more than 0.0005 per cent mercury by weight.",
          ],
        },
      ],
      stepsTitle: "How to return batteries correctly",
      steps: [
        "Switch the light off. Take replaceable batteries out of the battery compartment. Do not remove built-in batteries yourself: in that case return the whole light as waste electrical equipment.",
        "Tape the terminals of lithium batteries so that they cannot short-circuit in the collection box.",
        "Hand in batteries free of charge at a municipal collection point or at a collection box in a shop, for example at your specialist dealer.",
        `You can also send used batteries of the kinds we sell to us, with sufficient postage: ${company.legalName}, ${company.street}, ${company.postalCode} ${company.city}, Germany.`,
      ],
      sections: [
        {
          heading: "Storing batteries",
          paragraphs: [
            "For the winter break, charge the battery to about 50 % and store it cool and dry at room temperature. Recharge every three months. Deeply discharged batteries lose capacity for good.",
          ],
        },
      ],
      closing: `Version: January 2024 · ${company.legalName}, ${company.email}.`,
    },
  }),
};
