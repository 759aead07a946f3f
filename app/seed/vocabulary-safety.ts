import type { DrawingKind } from "./vocabulary-articles";

/**
 * Warnings and safety information of the demo articles (issue 28, GPSR Art. 19), per kind, in both
 * languages. Paragraphs are separated by a blank line, as the articles' safety columns keep them.
 * Written for the kinds where a consumer can get hurt: lights, locks, brakes, tyres, carriers.
 */
export interface SafetyText {
  de: string[];
  en: string[];
}

const lockWarning: SafetyText = {
  de: [
    "Das Schloss niemals während der Fahrt schließen und nie an Speichen oder Laufrad eines Rades anbringen, das noch gefahren wird: Ein Schloss im Laufrad blockiert es und kann einen schweren Sturz verursachen.",
    "Den Halter so am Rahmen montieren, dass Schloss und Kabel weder in die Speichen noch in die Kette geraten können. Vor dem Losfahren prüfen, dass das Schloss geöffnet und im Halter eingerastet ist.",
    "Kein Schloss bietet absolute Sicherheit. Das Fahrrad immer mit dem Rahmen an einen fest verankerten Gegenstand anschließen, nicht nur am Vorderrad.",
  ],
  en: [
    "Never close the lock while riding, and never fit it to the spokes or wheel of a bicycle that is still being ridden: a lock in the wheel blocks it and can cause a serious fall.",
    "Mount the bracket on the frame so that neither the lock nor its cable can get caught in the spokes or the chain. Before setting off, check that the lock is open and clicked into its bracket.",
    "No lock offers absolute security. Always lock the bicycle by its frame to a firmly anchored object, not by the front wheel only.",
  ],
};

const brakeWarning: SafetyText = {
  de: [
    "Bremsen sind sicherheitsrelevante Bauteile. Montage und Einstellung gehören in eine Fachwerkstatt; eine falsch eingestellte Bremse kann versagen.",
    "Nach jeder Montage eine Bremsprobe im Stand und bei langsamer Fahrt machen. Bremsflächen und Beläge frei von Öl, Fett und Pflegemitteln halten.",
    "Bei Nässe verlängert sich der Bremsweg deutlich: früher und gefühlvoller bremsen.",
  ],
  en: [
    "Brakes are safety-critical parts. Have them fitted and adjusted by a specialist workshop; a badly adjusted brake can fail.",
    "After fitting, test the brake standing still and at walking pace. Keep braking surfaces and pads free of oil, grease and care products.",
    "In the wet the braking distance becomes much longer: brake earlier and more gently.",
  ],
};

/** For every light with a built-in or replaceable battery, after the light's own text. */
export const BATTERY_SAFETY: SafetyText = {
  de: [
    "Den Akku nur bei 0 bis 40 °C laden, mit einem USB-Netzteil nach USB-Norm und nie unbeaufsichtigt. Nicht über 60 °C lagern oder benutzen, etwa im Auto in der Sonne. Einen beschädigten, aufgeblähten oder heiß werdenden Akku nicht mehr laden oder benutzen.",
    "Transport: Leuchten mit Lithium-Akku gehören ins Handgepäck. Für den Versand gelten die Regeln für Lithium-Ionen-Batterien in Geräten (UN 3481).",
  ],
  en: [
    "Charge the battery only at 0 to 40 °C, from a USB power supply that meets the USB standard, and never unattended. Do not store or use it above 60 °C, for example in a car in the sun. Do not charge or use a damaged, swollen or hot battery any more.",
    "Transport: lights with a lithium battery belong in hand luggage. Shipping follows the rules for lithium-ion batteries contained in equipment (UN 3481).",
  ],
};

export const SAFETY_BY_KIND: Partial<Record<DrawingKind, SafetyText>> = {
  frontlight: {
    de: [
      "Den Scheinwerfer so einstellen, dass die Mitte des Lichtkegels in 5 m Entfernung nur halb so hoch auf die Fahrbahn trifft wie beim Austritt aus dem Scheinwerfer: So blendet er den Gegenverkehr nicht (§ 67 StVZO). Die Einstellung nach jeder Montage und nach einem Sturz prüfen.",
      "Im Straßenverkehr nur mit dem Prüfzeichen (Wellenlinie, K und Nummer) und in der zugelassenen Stufe benutzen; Stufen ohne Abblendung sind nur abseits öffentlicher Straßen erlaubt. Nicht direkt in den Lichtstrahl blicken.",
      "Vor jeder Fahrt Funktion und festen Sitz der Halterung prüfen: Eine lose Leuchte kann ins Vorderrad geraten.",
    ],
    en: [
      "Aim the headlight so that the centre of the beam, 5 m ahead, meets the road at half the height at which it leaves the lamp: that way it does not dazzle oncoming traffic (German StVZO § 67). Check the aim after fitting and after a fall.",
      "On public roads use it only with its approval mark (wavy line, K and number) and in the approved mode; modes without a cut-off are for use off public roads only. Do not look straight into the beam.",
      "Before every ride check that the light works and that the mount is tight: a loose light can get into the front wheel.",
    ],
  },
  rearlight: {
    de: [
      "Das Rücklicht senkrecht und genau nach hinten gerichtet montieren, 250 bis 1200 mm über der Fahrbahn, und nicht durch Gepäck oder Kleidung verdecken (StVZO).",
      "Vor jeder Fahrt die Funktion prüfen. Ein Rücklicht mit Bremslichtfunktion ersetzt nicht das Handzeichen beim Abbiegen.",
    ],
    en: [
      "Mount the rear light upright and pointing straight back, 250 to 1200 mm above the road, where luggage or clothing cannot cover it (German StVZO).",
      "Check that it works before every ride. A brake light function does not replace the hand signal when turning.",
    ],
  },
  lightset: {
    de: [
      "Frontlicht so einstellen, dass es den Gegenverkehr nicht blendet: Die Mitte des Lichtkegels trifft in 5 m Entfernung halb so hoch auf die Fahrbahn wie beim Austritt aus dem Scheinwerfer (§ 67 StVZO). Rücklicht senkrecht nach hinten gerichtet montieren.",
      "Vor jeder Fahrt Funktion und festen Sitz beider Halterungen prüfen: Eine lose Leuchte kann ins Laufrad geraten.",
    ],
    en: [
      "Aim the front light so that it does not dazzle oncoming traffic: 5 m ahead, the centre of the beam meets the road at half the height at which it leaves the lamp (German StVZO § 67). Mount the rear light upright, pointing straight back.",
      "Before every ride check that both lights work and both mounts are tight: a loose light can get into a wheel.",
    ],
  },
  ulock: lockWarning,
  chainlock: lockWarning,
  combolock: {
    de: [...lockWarning.de, "Den Zahlencode notieren und getrennt vom Fahrrad aufbewahren: Es gibt keinen Generalschlüssel."],
    en: [...lockWarning.en, "Write down the code and keep it apart from the bicycle: there is no master key."],
  },
  rimbrake: brakeWarning,
  brakepad: {
    de: [
      ...brakeWarning.de,
      "Nur Beläge für das Material der Felge verwenden (Aluminium oder Carbon). Beläge spätestens an der Verschleißmarke wechseln; eine bis zum Träger abgefahrene Bremse beschädigt die Felge und bremst kaum noch.",
    ],
    en: [
      ...brakeWarning.en,
      "Use only pads made for the rim's material (aluminium or carbon). Replace pads at the wear mark at the latest; a pad worn down to its holder damages the rim and hardly brakes.",
    ],
  },
  tyre: {
    de: [
      "Den Reifendruck im Bereich halten, den die Reifenflanke angibt. Zu hoher Druck kann den Reifen von der Felge springen lassen, zu niedriger führt zu Durchschlägen und schwammigem Fahrverhalten.",
      "Nur auf Felgen passender Breite und mit intaktem Felgenband montieren. Nach dem Aufpumpen prüfen, dass der Reifen ringsum gleichmäßig im Felgenbett sitzt.",
    ],
    en: [
      "Keep the tyre pressure within the range printed on the sidewall. Too much pressure can make the tyre jump off the rim; too little leads to pinch flats and vague handling.",
      "Fit only to rims of a matching width with an intact rim tape. After inflating, check that the tyre sits evenly in the rim all the way round.",
    ],
  },
  tube: {
    de: [
      "Den Schlauch nie außerhalb des Reifens aufpumpen und nicht über den Höchstdruck des Reifens. Das Ventil muss zur Felgenbohrung passen; ein schräg stehendes Ventil reißt ab.",
    ],
    en: [
      "Never inflate the tube outside the tyre, and never above the tyre's maximum pressure. The valve must fit the rim hole; a valve standing at an angle tears off.",
    ],
  },
  rack: {
    de: [
      "Die auf dem Träger angegebene Zuladung und das zulässige Gesamtgewicht des Fahrrads nicht überschreiten. Gepäck verändert Lenk- und Bremsverhalten; schwere Lasten tief und gleichmäßig verteilen.",
      "Einen Kindersitz nur auf einem Träger befestigen, der dafür gekennzeichnet ist. Schrauben nach den ersten 50 km nachziehen.",
    ],
    en: [
      "Do not exceed the load marked on the carrier or the bicycle's permitted total weight. Luggage changes steering and braking; carry heavy loads low and evenly spread.",
      "Fit a child seat only to a carrier marked as suitable for one. Retighten the bolts after the first 50 km.",
    ],
  },
  basket: {
    de: [
      "Den Korb nicht über die angegebene Zuladung beladen. Ein beladener Lenkerkorb verändert das Lenkverhalten: langsamer fahren und nicht freihändig.",
      "Tiere nur in Körben mit Sicherungsleine transportieren.",
    ],
    en: [
      "Do not load the basket beyond its stated capacity. A loaded handlebar basket changes the steering: ride more slowly and never hands-free.",
      "Carry pets only in baskets with a safety leash.",
    ],
  },
  grip: {
    de: [
      "Griffe müssen fest sitzen und dürfen sich nicht verdrehen. Die Lenkerenden immer mit Stopfen verschließen: Offene Rohrenden können bei einem Sturz schwer verletzen.",
    ],
    en: [
      "Grips must sit tight and must not turn. Always close the handlebar ends with plugs: open tube ends can cause serious injuries in a fall.",
    ],
  },
  kickstand: {
    de: ["Den Ständer vor dem Losfahren ganz einklappen. Nicht auf das abgestellte Fahrrad setzen und kein Kind in einen Kindersitz setzen, solange das Rad nur auf dem Ständer steht."],
    en: ["Fold the stand right up before setting off. Do not sit on the parked bicycle, and do not put a child into a child seat while the bicycle stands only on its stand."],
  },
};
