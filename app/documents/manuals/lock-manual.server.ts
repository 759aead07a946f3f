import type { ManualDefinition } from "~/documents/manuals/manual-layout.server";
import { FONT, drawArrow, type Box, type Pdf } from "~/documents/manuals/pdf-frame.server";

const BODY = "#2f3834";

/** Four number wheels seen from the front, the middle row being the readable code. */
function drawDials(doc: Pdf, x: number, y: number, code: string): void {
  const digits = [...code];
  digits.forEach((digit, i) => {
    const dx = x + i * 30;
    doc.roundedRect(dx, y, 24, 54, 4).fill("#d9dedb");
    for (let r = 0; r < 3; r += 1) {
      const value = (Number(digit) + r - 1 + 10) % 10;
      doc
        .font(r === 1 ? FONT.bold : FONT.regular)
        .fontSize(r === 1 ? 15 : 9)
        .fillColor(r === 1 ? doc.color.ink : "#8a938f")
        .text(String(value), dx, y + 4 + r * 17 + (r === 1 ? -2 : 0), { width: 24, align: "center", lineBreak: false });
    }
  });
  // Reading line: the code counts only on this line.
  doc.rect(x - 3, y + 17, digits.length * 30 - 0, 20).lineWidth(2).stroke(doc.color.accent);
  doc.polygon([x - 16, y + 21], [x - 7, y + 27], [x - 16, y + 33]).fill(doc.color.accent);
}

/** Cable lock: body with number wheels, coiled cable and locking pin. */
function drawLock(doc: Pdf, box: Box): void {
  const bodyX = box.x + box.width * 0.16;
  const bodyY = box.y + box.height * 0.2;
  doc.roundedRect(bodyX, bodyY, 170, 90, 14).fill(BODY);
  drawDials(doc, bodyX + 30, bodyY + 18, "0000");

  // Cable leaving the body and coming back as locking pin.
  doc
    .moveTo(bodyX + 170, bodyY + 30)
    .bezierCurveTo(bodyX + 330, bodyY - 20, bodyX + 360, bodyY + 125, bodyX + 230, bodyY + 108)
    .bezierCurveTo(bodyX + 200, bodyY + 104, bodyX + 195, bodyY + 80, bodyX + 210, bodyY + 68)
    .lineWidth(12)
    .lineCap("round")
    .stroke(doc.color.primary);
  doc.roundedRect(bodyX + 170, bodyY + 60, 44, 16, 4).fill("#8d9692");
  doc.rect(bodyX + 150, bodyY + 64, 24, 8).fill("#b7bfbb");

  // Push-to-lock arrow.
  drawArrow(doc, [bodyX + 250, bodyY + 68], [bodyX + 224, bodyY + 68], 2.5, [
    [bodyX + 218, bodyY + 68],
    [bodyX + 228, bodyY + 62],
    [bodyX + 228, bodyY + 74],
  ]);

  // Reset button on the underside.
  doc.roundedRect(bodyX + 60, bodyY + 90, 24, 7, 2).fill(doc.color.accent);
  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(doc.color.ink)
    .text("R", bodyX + 60, bodyY + 100, { width: 24, align: "center", lineBreak: false });
}

/** Setting a personal code: reset button pressed, new code on the reading line. */
function drawCodeSetting(doc: Pdf, box: Box): void {
  const x = box.x + box.width * 0.2;
  const y = box.y + 4;
  doc.roundedRect(x, y, 170, 80, 14).fill(BODY);
  drawDials(doc, x + 30, y + 13, "2468");
  doc.roundedRect(x + 60, y + 80, 24, 5, 2).fill(doc.color.accent);
  drawArrow(doc, [x + 72, y + 108], [x + 72, y + 90], 2.5, [
    [x + 72, y + 86],
    [x + 66, y + 96],
    [x + 78, y + 96],
  ]);
  doc
    .font(FONT.bold)
    .fontSize(20)
    .fillColor(doc.color.ink)
    .text("0000  >  2468", x + 200, y + 28, { lineBreak: false });
}

export const lockManual: ManualDefinition = {
  id: "zahlenschloss",
  position: 2,
  fileName: "zahlenschloss-bedienungsanleitung.pdf",
  name: { de: "Bedienungsanleitung für Zahlenschlösser", en: "Combination lock operating instructions" },
  figures: [
    {
      height: 170,
      caption: {
        de: "Kabelschloss mit vier Zahlenrädern, Ablesemarke (gelb), Verriegelungsstift und Code-Taste R. Werkseinstellung 0-0-0-0.",
        en: "Cable lock with four number wheels, reading mark (yellow), locking pin and code button R. Factory setting 0-0-0-0.",
      },
      draw: drawLock,
    },
    {
      height: 130,
      afterStep: 4,
      caption: {
        de: "Code-Taste gedrückt halten und neuen Code auf der Ablesemarke einstellen.",
        en: "Hold the code button down and set the new code on the reading mark.",
      },
      draw: drawCodeSetting,
    },
  ],
  text: ({ name, company }) => ({
    de: {
      languageLabel: "Deutsch",
      title: "Zahlenschloss – Bedienungsanleitung",
      subtitle: "Kabelschloss mit einstellbarem vierstelligem Zahlencode",
      intro: [
        `Mit dem Zahlenschloss von ${name} sichern Sie Ihr Fahrrad ohne Schlüssel. Der Code lässt sich jederzeit ändern. Lesen Sie diese Anleitung vor dem ersten Gebrauch und stellen Sie zuerst Ihren persönlichen Code ein.`,
      ],
      safetyTitle: "Sicherheitshinweise",
      safety: [
        "Notieren Sie Ihren Code und bewahren Sie ihn getrennt vom Fahrrad auf. Es gibt keinen Generalschlüssel; ein vergessener Code kann nicht wiederhergestellt werden.",
        "Schloss niemals während der Fahrt schließen und so am Rahmen befestigen, dass es nicht in die Speichen geraten kann.",
        "Das Fahrrad immer mit dem Rahmen an einem fest verankerten Gegenstand anschließen, nicht nur am Vorderrad.",
        "Kein Schloss bietet absolute Sicherheit. Für längeres Abstellen empfehlen wir zusätzlich ein Bügelschloss.",
      ],
      preparation: [],
      stepsTitle: "Öffnen, schließen und Code ändern",
      steps: [
        "Öffnen: Die vier Zahlenräder so drehen, dass Ihr Code auf der gelben Ablesemarke steht. Verriegelungsstift aus dem Schlosskörper ziehen.",
        "Schließen: Kabel durch Rahmen und Anschlussbügel führen, Stift bis zum hörbaren Klicken in den Schlosskörper schieben.",
        "Zahlenräder verdrehen und durch Ziehen am Stift prüfen, ob das Schloss verriegelt ist.",
        "Code ändern: Schloss mit dem aktuellen Code öffnen (ab Werk 0-0-0-0). Code-Taste R auf der Unterseite mit einem Kugelschreiber gedrückt halten.",
        "Bei gedrückter Taste den neuen Code auf der Ablesemarke einstellen, dann die Taste loslassen.",
        "Neuen Code bei geöffnetem Schloss zweimal prüfen: schließen, verdrehen, mit dem neuen Code öffnen. Erst dann das Schloss benutzen.",
      ],
      sections: [
        {
          heading: "Pflege",
          bullets: [
            "Zahlenräder und Verriegelung zweimal im Jahr mit Graphit- oder PTFE-Spray behandeln, kein Öl und kein Fett.",
            "Nach Fahrten im Regen oder bei Streusalz mit klarem Wasser abspülen und trocknen lassen.",
            "Halter am Rahmen regelmäßig auf festen Sitz prüfen (Schrauben höchstens 3 Nm).",
          ],
        },
      ],
      closing: `Stand: Januar 2024 · Fragen beantwortet Ihr Fachhändler oder ${company.legalName}, ${company.email}.`,
    },
    en: {
      languageLabel: "English",
      title: "Combination lock – operating instructions",
      subtitle: "Cable lock with a resettable four-digit code",
      intro: [
        `The ${name} combination lock secures your bicycle without a key. You can change the code at any time. Read these instructions before first use and set your personal code first.`,
      ],
      safetyTitle: "Safety notes",
      safety: [
        "Write down your code and keep it apart from the bicycle. There is no master key; a forgotten code cannot be recovered.",
        "Never close the lock while riding, and mount it on the frame so that it cannot get caught in the spokes.",
        "Always lock the bicycle by its frame to a firmly anchored object, not by the front wheel only.",
        "No lock offers absolute security. For longer parking we recommend an additional U-lock.",
      ],
      preparation: [],
      stepsTitle: "Opening, closing and changing the code",
      steps: [
        "Opening: turn the four number wheels until your code stands on the yellow reading mark. Pull the locking pin out of the lock body.",
        "Closing: lead the cable through the frame and the anchor, push the pin into the lock body until it clicks.",
        "Scramble the number wheels and pull the pin to check that the lock is engaged.",
        "Changing the code: open the lock with the current code (factory setting 0-0-0-0). Hold down code button R on the underside with a ballpoint pen.",
        "With the button held down, set the new code on the reading mark, then release the button.",
        "Test the new code twice with the lock open: close, scramble, open with the new code. Only then use the lock.",
      ],
      sections: [
        {
          heading: "Care",
          bullets: [
            "Treat the number wheels and the latch with graphite or PTFE spray twice a year; no oil and no grease.",
            "After rides in rain or on salted roads, rinse with clear water and let dry.",
            "Check regularly that the frame bracket is tight (screws 3 Nm at most).",
          ],
        },
      ],
      closing: `Version: January 2024 · Questions? Ask your specialist dealer or ${company.legalName}, ${company.email}.`,
    },
  }),
};
