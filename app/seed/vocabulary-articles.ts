/**
 * What an article of each kind is called, what it costs, which properties it has and how it is
 * described. One archetype per drawing kind: the picture and the data agree (a lock has a shackle
 * in the image and "Bügelstärke" in the properties).
 */
export type DrawingKind =
  | "grip"
  | "rimbrake"
  | "brakepad"
  | "chain"
  | "pedal"
  | "saddle"
  | "frontlight"
  | "rearlight"
  | "lightset"
  | "tyre"
  | "tube"
  | "mudguard"
  | "rack"
  | "ulock"
  | "chainlock"
  | "combolock"
  | "bell"
  | "pump"
  | "bag"
  | "handlebarbag"
  | "saddlebag"
  | "bottlecage"
  | "kickstand"
  | "mirror"
  | "tool"
  | "basket";

/** [German, English]. */
export type Pair = readonly [string, string];

export interface Colour {
  name: Pair;
  hex: string;
}

export const colours = {
  black: { name: ["Schwarz", "Black"], hex: "#24282b" },
  grey: { name: ["Grau", "Grey"], hex: "#6b7378" },
  white: { name: ["Weiß", "White"], hex: "#e9ecee" },
  red: { name: ["Rot", "Red"], hex: "#c0392b" },
  blue: { name: ["Blau", "Blue"], hex: "#2563a8" },
  green: { name: ["Grün", "Green"], hex: "#0b5d3b" },
  yellow: { name: ["Gelb", "Yellow"], hex: "#f2b705" },
  brown: { name: ["Braun", "Brown"], hex: "#7a4a2a" },
  silver: { name: ["Silber", "Silver"], hex: "#aeb5bb" },
  orange: { name: ["Orange", "Orange"], hex: "#e67e22" },
  olive: { name: ["Oliv", "Olive"], hex: "#6b7a3a" },
} as const satisfies Record<string, Colour>;

export type ColourKey = keyof typeof colours;

export type AttributeSpec =
  | { name: Pair; values: readonly Pair[] }
  | { name: Pair; range: readonly [min: number, max: number, step: number]; unit: string; decimals?: number };

/** How an article is sold and declared at customs. */
export interface Trade {
  /** Verpackungseinheit: what one article number buys. */
  packaging: Pair;
  /** Zolltarifnummer: the eight-digit code of the EU Combined Nomenclature. */
  customs: string;
}

/** A model line: one name for both languages, or [German, English] when the languages differ ("8-fach"). */
export type Line = string | Pair;

export interface ArchetypeSpec {
  prodcat: Pair;
  /** Base product names; the generator adds a model line and sometimes a colour. */
  names: readonly Pair[];
  lines: readonly Line[];
  /** How every article of the kind is sold, unless its name says otherwise (keyed by the German name). */
  trade: Trade;
  tradeByName?: Readonly<Record<string, Partial<Trade>>>;
  palette: readonly ColourKey[];
  /** Recommended retail price range in whole euros. */
  price: readonly [number, number];
  /** 3–6 of these are picked per article, plus Farbe when the palette has more than one colour. */
  attributes: readonly AttributeSpec[];
  sentences: readonly Pair[];
}

const material = (...values: Pair[]): AttributeSpec => ({ name: ["Material", "Material"], values });
const weight = (min: number, max: number, step = 5): AttributeSpec => ({
  name: ["Gewicht", "Weight"],
  range: [min, max, step],
  unit: "g",
});
const length = (min: number, max: number, step = 5): AttributeSpec => ({
  name: ["Länge", "Length"],
  range: [min, max, step],
  unit: "mm",
});

const ALU: Pair = ["Aluminium", "Aluminium"];
const STEEL: Pair = ["Stahl", "Steel"];
const STEEL_HARD: Pair = ["Gehärteter Stahl", "Hardened steel"];
const PLASTIC: Pair = ["Kunststoff", "Plastic"];
const NYLON: Pair = ["Nylon, glasfaserverstärkt", "Glass-fibre reinforced nylon"];
const POLYESTER: Pair = ["Polyester, PVC-beschichtet", "Polyester, PVC coated"];
const YES: Pair = ["Ja", "Yes"];
const PIECE: Pair = ["1 Stück", "1 piece"];
const PAIR: Pair = ["1 Paar", "1 pair"];
const SET: Pair = ["1 Set", "1 set"];
const PACK: Pair = ["1 Packung", "1 pack"];
/** Combined Nomenclature headings: 8714 99 90 is "other parts and accessories of bicycles". */
const CN_BICYCLE_OTHER = "87149990";
const CN_BICYCLE_LIGHTING = "85121000";
const CN_PADLOCK = "83011000";
const CN_BAG = "42029298";
const NO: Pair = ["Nein", "No"];

export const archetypes: Record<DrawingKind, ArchetypeSpec> = {
  grip: {
    prodcat: ["Lenkergriffe", "Handlebar grips"],
    names: [
      ["Ergo-Griffe", "Ergo grips"],
      ["Schraubgriffe", "Lock-on grips"],
      ["Lenkergriffe", "Handlebar grips"],
      ["Komfortgriffe", "Comfort grips"],
    ],
    lines: ["Comfort", "Tour", "Urban", "Sport", "Gel", "Classic", "Flow"],
    palette: ["black", "brown", "grey", "green"],
    price: [9, 39],
    trade: { packaging: PAIR, customs: CN_BICYCLE_OTHER },
    attributes: [
      material(["Kraton-Gummi", "Kraton rubber"], ["Silikon", "Silicone"], ["Kunstleder", "Synthetic leather"], ["Kork", "Cork"]),
      length(120, 140),
      { name: ["Klemmung", "Clamping"], values: [["Einseitig", "Single-sided"], ["Beidseitig", "Double-sided"], ["Ohne", "None"]] },
      { name: ["Lenkerdurchmesser", "Handlebar diameter"], values: [["22,2 mm", "22.2 mm"]] },
      { name: ["Griffgröße", "Grip size"], values: [["S/M", "S/M"], ["L/XL", "L/XL"], ["Einheitsgröße", "One size"]] },
      weight(90, 260),
      { name: ["Für Drehgriffschalter", "For twist shifters"], values: [YES, NO] },
    ],
    sentences: [
      ["Die ergonomisch geformte Auflage verteilt den Druck auf die ganze Handfläche und beugt eingeschlafenen Fingern vor.", "The ergonomically shaped support spreads the pressure over the whole palm and prevents numb fingers."],
      ["Die Klemmschelle aus Aluminium hält den Griff sicher am Lenker, auch bei Nässe.", "The aluminium clamp keeps the grip firmly on the bar, even when wet."],
      ["Die weiche Oberfläche dämpft Vibrationen auf Kopfsteinpflaster und Schotter.", "The soft surface damps vibrations on cobbles and gravel."],
      ["Ideal für Trekking- und Cityräder mit aufrechter Sitzposition.", "Ideal for trekking and city bikes with an upright riding position."],
      ["Die Griffe lassen sich mit einem Innensechskant in wenigen Minuten montieren und im Winkel einstellen.", "The grips fit in a few minutes with an Allen key and can be adjusted in angle."],
    ],
  },
  rimbrake: {
    prodcat: ["Felgenbremse", "Rim brake"],
    names: [
      ["V-Brake", "V-brake"],
      ["Seitenzugbremse", "Caliper brake"],
      ["Cantilever-Bremse", "Cantilever brake"],
    ],
    lines: ["Stop", "Control", "Tour", "Pro", "Trail"],
    palette: ["black", "silver"],
    price: [14, 59],
    trade: { packaging: PIECE, customs: "87149420" },
    attributes: [
      material(ALU, ["Aluminium, geschmiedet", "Forged aluminium"]),
      { name: ["Montageposition", "Mounting position"], values: [["Vorderrad", "Front wheel"], ["Hinterrad", "Rear wheel"], ["Vorder- oder Hinterrad", "Front or rear wheel"]] },
      { name: ["Armlänge", "Arm length"], range: [85, 110, 5], unit: "mm" },
      weight(160, 340),
      { name: ["Bremsbeläge", "Brake pads"], values: [["Inklusive", "Included"], ["Cartridge, inklusive", "Cartridge, included"]] },
      { name: ["Einsatzbereich", "Intended use"], values: [["Trekking", "Trekking"], ["City", "City"], ["Mountainbike", "Mountain bike"]] },
    ],
    sentences: [
      ["Die steifen Bremsarme setzen die Handkraft direkt in Bremskraft um und lassen sich fein dosieren.", "The stiff brake arms turn hand force directly into braking power and modulate finely."],
      ["Über die Federspannschrauben lässt sich die Bremse mittig zur Felge ausrichten.", "The spring tension screws centre the brake on the rim."],
      ["Die Bremsbeläge sind für trockene und nasse Bedingungen abgestimmt.", "The brake pads are matched for dry and wet conditions."],
      ["Passend für alle Rahmen und Gabeln mit Sockeln nach Standardmaß.", "Fits all frames and forks with standard brake bosses."],
    ],
  },
  brakepad: {
    prodcat: ["Bremsbeläge", "Brake pads"],
    names: [
      ["Bremsschuhe", "Brake shoes"],
      ["Bremsbeläge", "Brake pads"],
      ["Scheibenbremsbeläge", "Disc brake pads"],
      ["Cartridge-Bremsbeläge", "Cartridge brake pads"],
    ],
    lines: ["Dry", "Wet", "All Weather", "Organic", "Sinter", "Tour"],
    palette: ["black"],
    price: [6, 24],
    trade: { packaging: PACK, customs: "87149490" },
    attributes: [
      { name: ["Belagmischung", "Compound"], values: [["Organisch", "Organic"], ["Gesintert", "Sintered"], ["Gummi, Allwetter", "Rubber, all weather"]] },
      length(55, 72, 1),
      { name: ["Inhalt", "Contents"], values: [["1 Paar", "1 pair"], ["2 Paar", "2 pairs"]] },
      { name: ["Kompatibilität", "Compatibility"], values: [["V-Brake", "V-brake"], ["Seitenzugbremse", "Caliper brake"], ["Hydraulische Scheibenbremse", "Hydraulic disc brake"]] },
      weight(20, 60),
      { name: ["Für Carbonfelgen", "For carbon rims"], values: [NO, YES] },
    ],
    sentences: [
      ["Die Belagmischung greift auch bei Nässe zuverlässig und schont dabei die Bremsflanke.", "The compound grips reliably even when wet while sparing the braking surface."],
      ["Die Rillen im Belag leiten Wasser und Schmutz ab.", "Grooves in the pad drain water and dirt."],
      ["Tauschen Sie die Beläge spätestens, wenn die Verschleißmarke erreicht ist.", "Replace the pads at the latest when the wear mark is reached."],
      ["Geringer Abrieb und leise Bremsung im Stadtverkehr.", "Low wear and quiet braking in city traffic."],
    ],
  },
  chain: {
    prodcat: ["Fahrradkette", "Bicycle chain"],
    names: [
      ["Kette", "Chain"],
      ["Schaltkette", "Derailleur chain"],
      ["Nabenschaltungskette", "Hub gear chain"],
    ],
    lines: [["8-fach", "8-speed"], ["9-fach", "9-speed"], ["10-fach", "10-speed"], ["11-fach", "11-speed"], "Single Speed", ["E-Bike", "E-bike"]],
    palette: ["silver", "black"],
    price: [12, 49],
    trade: { packaging: PIECE, customs: "73151110" },
    attributes: [
      { name: ["Gliederzahl", "Number of links"], values: [["112", "112"], ["114", "114"], ["116", "116"], ["118", "118"], ["126", "126"]] },
      { name: ["Teilung", "Pitch"], values: [["1/2 x 3/32 Zoll", "1/2 x 3/32 inch"], ["1/2 x 1/8 Zoll", "1/2 x 1/8 inch"], ["1/2 x 11/128 Zoll", "1/2 x 11/128 inch"]] },
      { name: ["Oberfläche", "Finish"], values: [["Vernickelt", "Nickel plated"], ["Rostschutzbeschichtet", "Anti-rust coated"], ["Schwarz brüniert", "Black oxide"]] },
      weight(240, 420),
      { name: ["Verschluss", "Connector"], values: [["Kettenschloss", "Quick link"], ["Nietstift", "Connecting pin"]] },
      { name: ["E-Bike geeignet", "E-bike ready"], values: [YES, NO] },
    ],
    sentences: [
      ["Die vernieteten Bolzen und gehärteten Rollen sorgen für eine lange Lebensdauer.", "Riveted pins and hardened rollers give a long service life."],
      ["Das mitgelieferte Kettenschloss erlaubt die Montage ohne Nietwerkzeug.", "The included quick link lets you fit the chain without a chain tool."],
      ["Die Innenlaschen sind für schnelle, präzise Schaltvorgänge geformt.", "The inner plates are shaped for fast, precise shifting."],
      ["Ab Werk geschmiert und gegen Rost geschützt.", "Lubricated at the factory and protected against rust."],
    ],
  },
  pedal: {
    prodcat: ["Pedale", "Pedals"],
    names: [
      ["Plattformpedale", "Platform pedals"],
      ["Trekkingpedale", "Trekking pedals"],
      ["Flat-Pedale", "Flat pedals"],
      ["Citypedale", "City pedals"],
    ],
    lines: ["Grip", "Wide", "Tour", "Trail", "City", "Pin"],
    palette: ["black", "silver", "grey"],
    price: [14, 69],
    trade: { packaging: PAIR, customs: "87149610" },
    attributes: [
      material(ALU, NYLON, ["Magnesium", "Magnesium"]),
      { name: ["Gewinde", "Thread"], values: [["9/16 Zoll", "9/16 inch"], ["1/2 Zoll", "1/2 inch"]] },
      { name: ["Lager", "Bearings"], values: [["Industrielager", "Cartridge bearings"], ["Konuslager", "Cup and cone"], ["Gleitlager", "Bushings"]] },
      { name: ["Plattformgröße", "Platform size"], values: [["100 x 95 mm", "100 x 95 mm"], ["110 x 105 mm", "110 x 105 mm"], ["90 x 80 mm", "90 x 80 mm"]] },
      weight(280, 480),
      { name: ["Reflektoren", "Reflectors"], values: [["Ja, StVZO", "Yes, road legal"], ["Nein", "No"]] },
    ],
    sentences: [
      ["Die breite Trittfläche bietet auch mit Straßenschuhen sicheren Halt.", "The wide platform gives secure footing even in everyday shoes."],
      ["Austauschbare Pins sorgen für Grip bei Nässe.", "Replaceable pins provide grip in the wet."],
      ["Die gedichteten Lager laufen leicht und bleiben lange sauber.", "The sealed bearings spin freely and stay clean for a long time."],
      ["Integrierte Reflektoren erhöhen die Sichtbarkeit im Dunkeln.", "Integrated reflectors increase visibility in the dark."],
    ],
  },
  saddle: {
    prodcat: ["Fahrradsattel", "Bicycle saddle"],
    names: [
      ["Sattel", "Saddle"],
      ["Gelsattel", "Gel saddle"],
      ["Komfortsattel", "Comfort saddle"],
      ["Sportsattel", "Sport saddle"],
    ],
    lines: ["Relax", "Tour", "Active", "Race", "Urban", "Junior", "Memory"],
    palette: ["black", "brown", "grey", "white"],
    price: [19, 89],
    trade: { packaging: PIECE, customs: "87149500" },
    attributes: [
      { name: ["Breite", "Width"], range: [140, 250, 5], unit: "mm" },
      length(250, 290),
      { name: ["Polsterung", "Padding"], values: [["Gel", "Gel"], ["Memory-Schaum", "Memory foam"], ["PU-Schaum", "PU foam"]] },
      { name: ["Gestell", "Rails"], values: [["Stahl", "Steel"], ["Chrom-Molybdän", "Chromoly"], ["Titan", "Titanium"]] },
      { name: ["Entlastungskanal", "Relief channel"], values: [YES, NO] },
      weight(290, 620),
      { name: ["Bezug", "Cover"], values: [["Kunstleder", "Synthetic leather"], ["Mikrofaser", "Microfibre"], ["Lycra", "Lycra"]] },
    ],
    sentences: [
      ["Die Sitzfläche ist auf eine aufrechte bis leicht sportliche Sitzposition abgestimmt.", "The seat is designed for an upright to slightly sporty riding position."],
      ["Der Entlastungskanal verringert den Druck auf empfindliche Weichteile.", "The relief channel reduces pressure on sensitive soft tissue."],
      ["Elastomere unter der Schale schlucken Stöße von unebenen Wegen.", "Elastomers under the shell absorb shocks from uneven paths."],
      ["Der strapazierfähige Bezug ist wasserabweisend und leicht zu reinigen.", "The durable cover is water-repellent and easy to clean."],
      ["Montage an allen Sattelstützen mit Standardkloben.", "Fits all seatposts with a standard clamp."],
    ],
  },
  frontlight: {
    prodcat: ["Frontlicht", "Front light"],
    names: [
      ["LED-Scheinwerfer", "LED headlight"],
      ["Akku-Frontlicht", "Rechargeable front light"],
      ["Dynamo-Scheinwerfer", "Dynamo headlight"],
    ],
    lines: [["30 Lux", "30 lux"], ["50 Lux", "50 lux"], ["70 Lux", "70 lux"], ["100 Lux", "100 lux"], "Beam", "Vision"],
    palette: ["black", "silver"],
    price: [19, 119],
    trade: { packaging: PIECE, customs: CN_BICYCLE_LIGHTING },
    attributes: [
      { name: ["Lichtstärke", "Light output"], values: [["30 Lux", "30 lux"], ["50 Lux", "50 lux"], ["70 Lux", "70 lux"], ["100 Lux", "100 lux"]] },
      { name: ["Stromversorgung", "Power supply"], values: [["Akku, USB-C", "Battery, USB-C"], ["Nabendynamo", "Hub dynamo"], ["E-Bike 6–12 V", "E-bike 6–12 V"]] },
      { name: ["Zulassung", "Approval"], values: [["StVZO", "German road traffic regulations (StVZO)"]] },
      { name: ["Leuchtdauer", "Burn time"], range: [2, 12, 1], unit: "h" },
      weight(65, 190),
      { name: ["Standlicht", "Standlight"], values: [YES, NO] },
      { name: ["Schutzart", "Protection rating"], values: [["IPX4", "IPX4"], ["IPX6", "IPX6"]] },
    ],
    sentences: [
      ["Der Reflektor bündelt das Licht zu einem breiten, klar begrenzten Lichtkegel.", "The reflector focuses the light into a wide, clearly cut-off beam."],
      ["Eine Ladestandsanzeige zeigt rechtzeitig, wann nachgeladen werden muss.", "A charge indicator shows in good time when to recharge."],
      ["Die Halterung passt an Lenker mit 22 bis 35 mm Durchmesser.", "The mount fits handlebars from 22 to 35 mm in diameter."],
      ["Spritzwassergeschützt für Fahrten bei jedem Wetter.", "Splash-proof for riding in any weather."],
      ["Nach StVZO zugelassen und damit im deutschen Straßenverkehr erlaubt.", "Approved under German road traffic regulations for use on public roads."],
    ],
  },
  rearlight: {
    prodcat: ["Rücklicht", "Rear light"],
    names: [
      ["LED-Rücklicht", "LED rear light"],
      ["Akku-Rücklicht", "Rechargeable rear light"],
      ["Dynamo-Rücklicht", "Dynamo rear light"],
    ],
    lines: ["Glow", "Line", "Brake", "Compact", "Seat", "Rack"],
    palette: ["black", "red", "grey"],
    price: [9, 49],
    trade: { packaging: PIECE, customs: CN_BICYCLE_LIGHTING },
    attributes: [
      { name: ["Montage", "Mounting"], values: [["Sattelstütze", "Seatpost"], ["Gepäckträger", "Carrier"], ["Schutzblech", "Mudguard"]] },
      { name: ["Stromversorgung", "Power supply"], values: [["Akku, USB-C", "Battery, USB-C"], ["Batterie 2 x AAA", "Battery 2 x AAA"], ["Nabendynamo", "Hub dynamo"]] },
      { name: ["Standlicht", "Standlight"], values: [YES, NO] },
      { name: ["Bremslichtfunktion", "Brake light function"], values: [YES, NO] },
      weight(25, 90),
      { name: ["Lochabstand", "Hole spacing"], values: [["50 mm", "50 mm"], ["80 mm", "80 mm"]] },
    ],
    sentences: [
      ["Die großflächige Leuchtfläche ist auch von der Seite gut zu erkennen.", "The large light surface is easy to see from the side as well."],
      ["Das Standlicht leuchtet nach dem Anhalten noch einige Minuten weiter.", "The standlight keeps shining for several minutes after you stop."],
      ["Der integrierte Z-Reflektor sorgt für Sichtbarkeit auch ohne Strom.", "The integrated Z reflector ensures visibility even without power."],
      ["Die Montage gelingt werkzeuglos mit einem Gummiband.", "Mounting needs no tools, just a rubber strap."],
    ],
  },
  lightset: {
    prodcat: ["Beleuchtungsset", "Light set"],
    names: [
      ["LED-Lichtset", "LED light set"],
      ["Akku-Beleuchtungsset", "Rechargeable light set"],
    ],
    lines: ["City", "Tour", "Bright", "Duo", "Commuter"],
    palette: ["black"],
    price: [24, 89],
    trade: { packaging: SET, customs: CN_BICYCLE_LIGHTING },
    attributes: [
      { name: ["Lichtstärke vorne", "Front light output"], values: [["30 Lux", "30 lux"], ["45 Lux", "45 lux"], ["70 Lux", "70 lux"]] },
      { name: ["Laden", "Charging"], values: [["USB-C", "USB-C"], ["Micro-USB", "Micro USB"]] },
      { name: ["Leuchtdauer", "Burn time"], range: [3, 10, 1], unit: "h" },
      { name: ["Zulassung", "Approval"], values: [["StVZO", "German road traffic regulations (StVZO)"]] },
      weight(110, 240),
      { name: ["Lieferumfang", "Scope of delivery"], values: [["Frontlicht, Rücklicht, Halter, Ladekabel", "Front light, rear light, mounts, charging cable"]] },
    ],
    sentences: [
      ["Front- und Rücklicht im Set, aufeinander abgestimmt und mit einem Kabel aufzuladen.", "Front and rear light as a set, matched to each other and charged with one cable."],
      ["Die Halter passen an nahezu jeden Lenker und jede Sattelstütze.", "The mounts fit almost any handlebar and seatpost."],
      ["Ideal zum Nachrüsten von Rädern ohne Dynamo.", "Ideal for retrofitting bikes without a dynamo."],
      ["Beide Leuchten sind spritzwassergeschützt.", "Both lights are splash-proof."],
    ],
  },
  tyre: {
    prodcat: ["Fahrradreifen", "Bicycle tyre"],
    names: [
      ["Trekkingreifen", "Trekking tyre"],
      ["Cityreifen", "City tyre"],
      ["Faltreifen", "Folding tyre"],
      ["Pannenschutzreifen", "Puncture-resistant tyre"],
    ],
    lines: ["Protect", "Road", "Tour", "Gravel", "Winter", "Urban"],
    palette: ["black"],
    price: [16, 54],
    trade: { packaging: PIECE, customs: "40115000" },
    attributes: [
      { name: ["Größe", "Size"], values: [["28 x 1,40 Zoll (37-622)", "28 x 1.40 inch (37-622)"], ["28 x 1,75 Zoll (47-622)", "28 x 1.75 inch (47-622)"], ["26 x 2,00 Zoll (50-559)", "26 x 2.00 inch (50-559)"], ["27,5 x 2,25 Zoll (57-584)", "27.5 x 2.25 inch (57-584)"]] },
      { name: ["Pannenschutz", "Puncture protection"], values: [["3 mm Gummieinlage", "3 mm rubber insert"], ["5 mm Gummieinlage", "5 mm rubber insert"], ["Gewebeeinlage", "Fabric breaker"]] },
      { name: ["Reflexstreifen", "Reflective stripe"], values: [YES, NO] },
      { name: ["Maximaler Druck", "Maximum pressure"], values: [["4,5 bar", "4.5 bar"], ["5,0 bar", "5.0 bar"], ["6,0 bar", "6.0 bar"]] },
      weight(480, 980, 10),
      { name: ["Karkasse", "Casing"], values: [["50 TPI", "50 TPI"], ["67 TPI", "67 TPI"], ["127 TPI", "127 TPI"]] },
      { name: ["E-Bike geeignet", "E-bike ready"], values: [["Ja, bis 25 km/h", "Yes, up to 25 km/h"], NO] },
    ],
    sentences: [
      ["Die Pannenschutzeinlage hält Scherben und Dornen zuverlässig vom Schlauch fern.", "The puncture protection belt reliably keeps glass and thorns away from the tube."],
      ["Das Profil rollt leicht auf Asphalt und greift sicher auf Schotter.", "The tread rolls easily on tarmac and grips securely on gravel."],
      ["Der Reflexstreifen an der Flanke erhöht die Sichtbarkeit von der Seite.", "The reflective sidewall stripe increases side visibility."],
      ["Die Gummimischung bleibt auch bei Kälte griffig.", "The rubber compound stays grippy even in the cold."],
    ],
  },
  tube: {
    prodcat: ["Fahrradschlauch", "Inner tube"],
    names: [
      ["Schlauch", "Inner tube"],
      ["Leichtschlauch", "Lightweight tube"],
    ],
    lines: [["AV", "Schrader"], ["SV", "Presta"], ["DV", "Dunlop"], "Light", "Standard"],
    palette: ["black"],
    price: [5, 14],
    trade: { packaging: PIECE, customs: "40132000" },
    attributes: [
      { name: ["Ventil", "Valve"], values: [["Autoventil 40 mm", "Schrader valve 40 mm"], ["Sclaverandventil 40 mm", "Presta valve 40 mm"], ["Dunlopventil 40 mm", "Dunlop valve 40 mm"], ["Sclaverandventil 60 mm", "Presta valve 60 mm"]] },
      { name: ["Größe", "Size"], values: [["28 Zoll (28/47-622)", "28 inch (28/47-622)"], ["26 Zoll (40/60-559)", "26 inch (40/60-559)"], ["20 Zoll (47/57-406)", "20 inch (47/57-406)"], ["27,5 Zoll (47/60-584)", "27.5 inch (47/60-584)"]] },
      material(["Butyl", "Butyl"]),
      { name: ["Wandstärke", "Wall thickness"], values: [["0,9 mm", "0.9 mm"], ["0,8 mm", "0.8 mm"], ["0,6 mm", "0.6 mm"]] },
      weight(90, 230),
    ],
    sentences: [
      ["Der Butylschlauch hält die Luft lange und ist einfach zu flicken.", "The butyl tube holds air for a long time and is easy to patch."],
      ["Das Ventil ist sauber einvulkanisiert und reißt nicht aus.", "The valve is cleanly vulcanised in and will not tear out."],
      ["Gut als Ersatzschlauch in der Satteltasche.", "A good spare for the saddle bag."],
    ],
  },
  mudguard: {
    prodcat: ["Schutzbleche", "Mudguards"],
    names: [
      ["Schutzblech-Set", "Mudguard set"],
      ["Steckschutzblech-Set", "Clip-on mudguard set"],
      ["Schutzbleche", "Mudguards"],
    ],
    lines: ["Tour", "Wide", "Trekking", "City", "Clip"],
    palette: ["black", "silver", "green"],
    price: [14, 49],
    trade: { packaging: SET, customs: CN_BICYCLE_OTHER },
    attributes: [
      { name: ["Breite", "Width"], range: [35, 65, 5], unit: "mm" },
      { name: ["Laufradgröße", "Wheel size"], values: [["28 Zoll", "28 inch"], ["26 Zoll", "26 inch"], ["27,5 Zoll", "27.5 inch"]] },
      material(PLASTIC, ALU, ["Aluminium-Kunststoff-Verbund", "Aluminium-plastic composite"]),
      { name: ["Streben", "Stays"], values: [["Edelstahl", "Stainless steel"], ["Ohne", "None"]] },
      { name: ["Spritzschutz", "Mud flap"], values: [YES, NO] },
      weight(260, 640, 10),
    ],
    sentences: [
      ["Die Schutzbleche halten Spritzwasser von Kleidung, Antrieb und Gepäck fern.", "The mudguards keep spray away from clothes, drivetrain and luggage."],
      ["Die Sicherheitsclips lösen sich, wenn sich ein Ast verfängt, und verhindern so Stürze.", "The safety clips release when a branch gets caught and so prevent falls."],
      ["Der bruchfeste Kunststoff übersteht auch Kälte ohne Risse.", "The unbreakable plastic survives cold without cracking."],
      ["Alle Schrauben und Streben sind im Lieferumfang enthalten.", "All screws and stays are included."],
    ],
  },
  rack: {
    prodcat: ["Gepäckträger", "Carrier"],
    names: [
      ["Gepäckträger", "Carrier"],
      ["Systemgepäckträger", "System carrier"],
      ["Frontgepäckträger", "Front carrier"],
    ],
    lines: ["Tour", "Cargo", "Light", "City", "Adjust"],
    palette: ["black", "silver"],
    price: [24, 79],
    trade: { packaging: PIECE, customs: "87149930" },
    attributes: [
      material(ALU, STEEL),
      { name: ["Zuladung", "Load capacity"], values: [["25 kg", "25 kg"], ["27 kg", "27 kg"], ["40 kg", "40 kg"]] },
      { name: ["Laufradgröße", "Wheel size"], values: [["26–28 Zoll", "26–28 inch"], ["24–26 Zoll", "24–26 inch"]] },
      { name: ["Federklappe", "Spring clip"], values: [YES, NO] },
      weight(520, 1100, 10),
      { name: ["Rohrdurchmesser", "Tube diameter"], values: [["10 mm", "10 mm"], ["12 mm", "12 mm"]] },
    ],
    sentences: [
      ["Der Gepäckträger trägt Taschen, Körbe und Kindersitze bis zur angegebenen Zuladung.", "The carrier takes bags, baskets and child seats up to the stated load."],
      ["Die längenverstellbaren Streben passen an die meisten Rahmen.", "The adjustable struts fit most frames."],
      ["Eine Aufnahme für Rücklichter ist vorbereitet.", "A mount for rear lights is prepared."],
    ],
  },
  ulock: {
    prodcat: ["Bügelschloss", "U lock"],
    names: [
      ["Bügelschloss", "U lock"],
      ["Mini-Bügelschloss", "Mini U lock"],
    ],
    lines: ["Guard", "Fort", "Max", "Compact", "City"],
    palette: ["black", "yellow", "red", "grey"],
    price: [24, 99],
    trade: { packaging: PIECE, customs: CN_PADLOCK },
    attributes: [
      { name: ["Bügelstärke", "Shackle diameter"], values: [["13 mm", "13 mm"], ["14 mm", "14 mm"], ["16 mm", "16 mm"]] },
      { name: ["Bügelhöhe", "Shackle height"], range: [180, 300, 10], unit: "mm" },
      { name: ["Sicherheitsstufe", "Security level"], values: [["8 von 15", "8 of 15"], ["10 von 15", "10 of 15"], ["12 von 15", "12 of 15"]] },
      material(STEEL_HARD),
      { name: ["Schlüssel", "Keys"], values: [["2 Stück", "2 pieces"], ["3 Stück, einer mit LED", "3 pieces, one with LED"]] },
      weight(800, 1650, 10),
    ],
    sentences: [
      ["Der Bügel aus gehärtetem Stahl widersteht Bolzenschneidern und Sägen.", "The hardened steel shackle resists bolt cutters and saws."],
      ["Der mitgelieferte Halter hält das Schloss klapperfrei am Rahmen.", "The included bracket holds the lock rattle-free on the frame."],
      ["Der Schließzylinder ist vor Schmutz und Wasser geschützt.", "The lock cylinder is protected from dirt and water."],
      ["Die Ummantelung schützt den Lack Ihres Rades.", "The coating protects your bike's paint."],
    ],
  },
  chainlock: {
    prodcat: ["Kettenschloss", "Chain lock"],
    names: [
      ["Kettenschloss", "Chain lock"],
      ["Panzerkettenschloss", "Armoured chain lock"],
    ],
    lines: ["Loop", "Heavy", "Travel", "Secure"],
    palette: ["black", "grey", "blue"],
    price: [29, 89],
    trade: { packaging: PIECE, customs: CN_PADLOCK },
    attributes: [
      { name: ["Kettenstärke", "Chain link thickness"], values: [["6 mm", "6 mm"], ["8 mm", "8 mm"], ["10 mm", "10 mm"]] },
      { name: ["Länge", "Length"], values: [["85 cm", "85 cm"], ["100 cm", "100 cm"], ["110 cm", "110 cm"]] },
      { name: ["Ummantelung", "Sleeve"], values: [["Textil", "Textile"], ["Nylon", "Nylon"]] },
      material(STEEL_HARD),
      weight(1100, 2400, 50),
    ],
    sentences: [
      ["Die vierkantigen Glieder aus gehärtetem Stahl bieten kaum Angriffsfläche.", "The square links of hardened steel offer little to attack."],
      ["Lang genug, um Rahmen und Laufrad an einem Laternenmast anzuschließen.", "Long enough to lock frame and wheel to a lamppost."],
      ["Die Textilhülle schont den Lack und dämpft Geräusche.", "The textile sleeve protects the paint and damps noise."],
    ],
  },
  combolock: {
    prodcat: ["Zahlenschloss", "Combination lock"],
    names: [
      ["Zahlenschloss", "Combination lock"],
      ["Spiralkabelschloss", "Coil cable lock"],
      ["Kabelschloss", "Cable lock"],
    ],
    lines: ["Code", "Flex", "Coil", "Mini", "Click"],
    palette: ["black", "blue", "red", "green", "orange"],
    price: [9, 34],
    trade: { packaging: PIECE, customs: CN_PADLOCK },
    attributes: [
      { name: ["Kabeldurchmesser", "Cable diameter"], values: [["8 mm", "8 mm"], ["10 mm", "10 mm"], ["12 mm", "12 mm"]] },
      { name: ["Länge", "Length"], values: [["120 cm", "120 cm"], ["150 cm", "150 cm"], ["180 cm", "180 cm"]] },
      { name: ["Code", "Code"], values: [["4-stellig, einstellbar", "4 digits, resettable"], ["5-stellig, einstellbar", "5 digits, resettable"]] },
      { name: ["Halter", "Bracket"], values: [["Inklusive", "Included"], ["Ohne", "None"]] },
      weight(180, 520, 10),
    ],
    sentences: [
      ["Der Zahlencode lässt sich jederzeit neu einstellen, Schlüssel gehen nicht verloren.", "The code can be reset at any time, and there are no keys to lose."],
      ["Das Spiralkabel rollt sich nach dem Gebrauch von selbst wieder ein.", "The coil cable winds itself back up after use."],
      ["Leicht genug für kurze Stopps beim Bäcker oder am Bahnhof.", "Light enough for short stops at the bakery or the station."],
    ],
  },
  bell: {
    prodcat: ["Fahrradklingel", "Bicycle bell"],
    names: [
      ["Klingel", "Bell"],
      ["Fahrradglocke", "Bicycle bell"],
      ["Mini-Klingel", "Mini bell"],
    ],
    lines: ["Ding", "Classic", "Retro", "Ping", "Loud", "Compact"],
    palette: ["silver", "black", "red", "blue", "green", "yellow", "brown"],
    price: [4, 24],
    trade: { packaging: PIECE, customs: "83061000" },
    attributes: [
      { name: ["Durchmesser", "Diameter"], range: [35, 60, 1], unit: "mm" },
      material(["Messing", "Brass"], ALU, STEEL),
      { name: ["Klemmdurchmesser", "Clamp diameter"], values: [["22,2 mm", "22.2 mm"], ["22,2–31,8 mm", "22.2–31.8 mm"]] },
      { name: ["Lautstärke", "Volume"], values: [["85 dB", "85 dB"], ["90 dB", "90 dB"], ["95 dB", "95 dB"]] },
      weight(25, 110),
    ],
    sentences: [
      ["Der helle Ton ist weit zu hören und klingt lange nach.", "The bright tone carries far and rings on for a long time."],
      ["Die Klemmschelle passt an gängige Lenker und lässt sich mit einer Schraube befestigen.", "The clamp fits common handlebars and is fastened with a single screw."],
      ["Die Glocke ist nach StVZO vorgeschrieben und gehört an jedes Fahrrad.", "A bell is required by German road traffic regulations and belongs on every bike."],
      ["Klein und leicht, stört sie nicht beim Greifen.", "Small and light, it stays out of the way of your hands."],
    ],
  },
  pump: {
    prodcat: ["Luftpumpe", "Pump"],
    names: [
      ["Minipumpe", "Mini pump"],
      ["Standpumpe", "Floor pump"],
      ["Rahmenpumpe", "Frame pump"],
    ],
    lines: ["Air", "Pro", "Compact", "Tour", "Digital"],
    palette: ["black", "silver", "red", "green"],
    price: [12, 69],
    trade: { packaging: PIECE, customs: "84142020" },
    attributes: [
      { name: ["Maximaldruck", "Maximum pressure"], values: [["6 bar", "6 bar"], ["8 bar", "8 bar"], ["11 bar", "11 bar"]] },
      { name: ["Ventile", "Valves"], values: [["Auto-, Sclaverand- und Dunlopventil", "Schrader, Presta and Dunlop valves"]] },
      { name: ["Manometer", "Pressure gauge"], values: [["Analog", "Analogue"], ["Digital", "Digital"], ["Ohne", "None"]] },
      length(180, 650, 10),
      material(ALU, PLASTIC),
      weight(90, 1600, 10),
    ],
    sentences: [
      ["Der Pumpenkopf passt ohne Umbau auf alle gängigen Ventile.", "The pump head fits every common valve without conversion."],
      ["Das große Volumen bringt den Reifen mit wenigen Hüben auf Druck.", "The large volume brings the tyre up to pressure in a few strokes."],
      ["Mit dem mitgelieferten Halter findet die Pumpe am Flaschenhalter Platz.", "With the included bracket the pump mounts next to the bottle cage."],
      ["Der ergonomische Griff liegt auch bei hohem Druck gut in der Hand.", "The ergonomic handle sits well in the hand even at high pressure."],
    ],
  },
  bag: {
    prodcat: ["Gepäckträgertasche", "Pannier bag"],
    names: [
      ["Gepäckträgertasche", "Pannier bag"],
      ["Doppelpacktasche", "Double pannier"],
      ["Einkaufstasche", "Shopper bag"],
    ],
    lines: ["Dry", "Urban", "Tour", "Shopper", "Roll", "Commute"],
    palette: ["black", "grey", "green", "blue", "red", "olive"],
    price: [29, 139],
    trade: { packaging: PIECE, customs: CN_BAG },
    attributes: [
      { name: ["Volumen", "Volume"], values: [["15 l", "15 l"], ["20 l", "20 l"], ["25 l", "25 l"], ["2 x 20 l", "2 x 20 l"]] },
      material(POLYESTER, ["Nylon, beschichtet", "Coated nylon"]),
      { name: ["Wasserdicht", "Waterproof"], values: [["Ja, Rollverschluss", "Yes, roll closure"], ["Wasserabweisend", "Water-repellent"]] },
      { name: ["Befestigung", "Mounting"], values: [["Hakensystem", "Hook system"], ["Klicksystem", "Click system"]] },
      { name: ["Abmessungen", "Dimensions"], values: [["32 x 40 x 16 cm", "32 x 40 x 16 cm"], ["30 x 36 x 14 cm", "30 x 36 x 14 cm"]] },
      weight(650, 1600, 10),
      { name: ["Reflektoren", "Reflectors"], values: [YES, NO] },
    ],
    sentences: [
      ["Der Rollverschluss hält den Inhalt auch bei Dauerregen trocken.", "The roll closure keeps the contents dry even in steady rain."],
      ["Die Tasche wird mit einem Griff am Gepäckträger eingehängt und wieder abgenommen.", "The bag hooks onto the carrier and comes off again in one move."],
      ["Ein Schultergurt macht sie abseits des Rades zur Umhängetasche.", "A shoulder strap turns it into a messenger bag off the bike."],
      ["Reflexelemente sorgen für Sichtbarkeit in der Dämmerung.", "Reflective details keep you visible at dusk."],
      ["Ein Innenfach nimmt Laptop oder Dokumente auf.", "An inner pocket holds a laptop or documents."],
    ],
  },
  handlebarbag: {
    prodcat: ["Lenkertasche", "Handlebar bag"],
    names: [
      ["Lenkertasche", "Handlebar bag"],
      ["Lenkerkorb-Tasche", "Handlebar basket bag"],
    ],
    lines: ["Map", "City", "Tour", "Click", "Mini"],
    palette: ["black", "grey", "red", "olive"],
    price: [24, 79],
    trade: { packaging: PIECE, customs: CN_BAG },
    attributes: [
      { name: ["Volumen", "Volume"], values: [["5 l", "5 l"], ["7 l", "7 l"], ["9 l", "9 l"]] },
      material(POLYESTER, ["Nylon, beschichtet", "Coated nylon"]),
      { name: ["Kartenfach", "Map pocket"], values: [YES, NO] },
      { name: ["Befestigung", "Mounting"], values: [["Klickadapter", "Click adapter"], ["Klettband", "Hook-and-loop strap"]] },
      weight(380, 820, 10),
    ],
    sentences: [
      ["Das transparente Kartenfach hält Karte oder Smartphone im Blick.", "The clear map pocket keeps a map or smartphone in view."],
      ["Der Klickadapter erlaubt das schnelle Abnehmen beim Einkaufen.", "The click adapter lets you take it off quickly when shopping."],
      ["Platz für Geldbörse, Schlüssel, Regenjacke und Proviant.", "Room for wallet, keys, rain jacket and snacks."],
    ],
  },
  saddlebag: {
    prodcat: ["Satteltasche", "Saddle bag"],
    names: [
      ["Satteltasche", "Saddle bag"],
      ["Werkzeugtasche", "Tool bag"],
    ],
    lines: ["S", "M", "L", "Tool"],
    palette: ["black", "grey"],
    price: [9, 34],
    trade: { packaging: PIECE, customs: CN_BAG },
    attributes: [
      { name: ["Volumen", "Volume"], values: [["0,4 l", "0.4 l"], ["0,8 l", "0.8 l"], ["1,2 l", "1.2 l"]] },
      material(["Nylon", "Nylon"], POLYESTER),
      { name: ["Befestigung", "Mounting"], values: [["Klettband", "Hook-and-loop strap"], ["Klickhalter", "Click bracket"]] },
      weight(60, 180),
    ],
    sentences: [
      ["Die kleine Tasche nimmt Ersatzschlauch, Reifenheber und Multitool auf.", "The small bag takes a spare tube, tyre levers and a multi-tool."],
      ["Ein Reflexstreifen und eine Lichtschlaufe erhöhen die Sichtbarkeit.", "A reflective stripe and a light loop increase visibility."],
      ["Der Reißverschluss ist wassergeschützt.", "The zip is water-protected."],
    ],
  },
  bottlecage: {
    prodcat: ["Flaschenhalter", "Bottle cage"],
    names: [
      ["Flaschenhalter", "Bottle cage"],
      ["Seitlicher Flaschenhalter", "Side-entry bottle cage"],
    ],
    lines: ["Grip", "Light", "Side", "Classic", "Carbon Look"],
    palette: ["black", "silver", "red", "blue", "green"],
    price: [6, 29],
    trade: { packaging: PIECE, customs: CN_BICYCLE_OTHER },
    attributes: [
      material(ALU, NYLON, ["Edelstahl", "Stainless steel"]),
      weight(28, 70, 1),
      { name: ["Flaschendurchmesser", "Bottle diameter"], values: [["73 mm", "73 mm"], ["74 mm", "74 mm"]] },
      { name: ["Befestigung", "Mounting"], values: [["2 Schrauben M5", "2 M5 screws"]] },
      { name: ["Entnahme", "Access"], values: [["Oben", "From the top"], ["Seitlich rechts", "Right side"], ["Seitlich links", "Left side"]] },
    ],
    sentences: [
      ["Der Halter umschließt die Flasche fest, damit sie auch auf Kopfsteinpflaster nicht herausfällt.", "The cage grips the bottle firmly so it does not fall out even on cobbles."],
      ["Passend für Standardflaschen mit 73 bis 74 mm Durchmesser.", "Fits standard bottles with a diameter of 73 to 74 mm."],
      ["Montage an den Gewindeösen des Rahmens, Schrauben inklusive.", "Mounts on the frame's bottle bosses, screws included."],
    ],
  },
  kickstand: {
    prodcat: ["Fahrradständer", "Kickstand"],
    names: [
      ["Seitenständer", "Side kickstand"],
      ["Zweibeinständer", "Double-leg kickstand"],
      ["Hinterbauständer", "Rear kickstand"],
    ],
    lines: ["Stable", "Adjust", "Cargo", "E", "Classic"],
    palette: ["black", "silver"],
    price: [12, 59],
    trade: { packaging: PIECE, customs: CN_BICYCLE_OTHER },
    attributes: [
      material(ALU, STEEL),
      { name: ["Laufradgröße", "Wheel size"], values: [["24–29 Zoll", "24–29 inch"], ["26–28 Zoll", "26–28 inch"], ["20–24 Zoll", "20–24 inch"]] },
      { name: ["Montage", "Mounting"], values: [["Mittelbau", "Centre mount"], ["Hinterbau, 18 mm Lochabstand", "Rear mount, 18 mm hole spacing"], ["Hinterbau, 40 mm Lochabstand", "Rear mount, 40 mm hole spacing"]] },
      { name: ["Maximale Belastung", "Maximum load"], values: [["25 kg", "25 kg"], ["35 kg", "35 kg"], ["50 kg", "50 kg"]] },
      weight(280, 720, 10),
      { name: ["Höhenverstellbar", "Height adjustable"], values: [YES, NO] },
    ],
    sentences: [
      ["Der Ständer lässt sich ohne Säge auf die passende Länge einstellen.", "The stand adjusts to the right length without a saw."],
      ["Der breite Gummifuß steht auch auf weichem Boden sicher.", "The wide rubber foot stands securely even on soft ground."],
      ["Ausgelegt für beladene Trekking- und E-Bikes.", "Built for loaded trekking bikes and e-bikes."],
    ],
  },
  mirror: {
    prodcat: ["Fahrradspiegel", "Bicycle mirror"],
    names: [
      ["Rückspiegel", "Rear-view mirror"],
      ["Lenkerendspiegel", "Bar-end mirror"],
    ],
    lines: ["View", "Round", "Flex"],
    palette: ["black"],
    price: [9, 29],
    trade: { packaging: PIECE, customs: "70091000" },
    attributes: [
      { name: ["Spiegelfläche", "Mirror surface"], values: [["Ø 80 mm", "Ø 80 mm"], ["Ø 95 mm", "Ø 95 mm"]] },
      { name: ["Montage", "Mounting"], values: [["Lenkerende", "Bar end"], ["Lenkerrohr", "Handlebar"]] },
      { name: ["Glas", "Glass"], values: [["Bruchsicher, konvex", "Shatterproof, convex"]] },
      weight(60, 140),
    ],
    sentences: [
      ["Der konvexe Spiegel zeigt ein weites Sichtfeld nach hinten.", "The convex mirror shows a wide field of view to the rear."],
      ["Das Kugelgelenk hält die eingestellte Position auch auf Kopfsteinpflaster.", "The ball joint holds its position even on cobbles."],
    ],
  },
  tool: {
    prodcat: ["Werkzeug", "Tool"],
    names: [
      ["Multitool", "Multi-tool"],
      ["Reifenheber-Set", "Tyre lever set"],
      ["Kettennieter", "Chain tool"],
      ["Inbusschlüssel-Set", "Hex key set"],
    ],
    lines: ["12", "16", "Mini", "Pro", "Workshop"],
    palette: ["black", "silver", "red"],
    price: [6, 59],
    trade: { packaging: PIECE, customs: "82055980" },
    tradeByName: {
      "Reifenheber-Set": { packaging: SET },
      "Inbusschlüssel-Set": { packaging: SET, customs: "82041100" },
    },
    attributes: [
      { name: ["Funktionen", "Functions"], range: [3, 21, 1], unit: "" },
      material(["Chrom-Vanadium-Stahl", "Chrome vanadium steel"], ALU, NYLON),
      { name: ["Innensechskant", "Hex keys"], values: [["2–8 mm", "2–8 mm"], ["3, 4, 5, 6 mm", "3, 4, 5, 6 mm"]] },
      { name: ["Torx", "Torx"], values: [["T25", "T25"], ["T25, T30", "T25, T30"], ["Ohne", "None"]] },
      weight(40, 260),
    ],
    sentences: [
      ["Das Werkzeug passt in jede Satteltasche und hat für die meisten Pannen das Richtige dabei.", "The tool fits into any saddle bag and has the right bit for most breakdowns."],
      ["Die Bits aus gehärtetem Stahl greifen passgenau und runden Schrauben nicht ab.", "The hardened steel bits fit precisely and do not round off bolts."],
      ["Ideal für Pannenhilfe unterwegs und kleine Einstellungen zu Hause.", "Ideal for roadside repairs and small adjustments at home."],
    ],
  },
  basket: {
    prodcat: ["Fahrradkorb", "Bicycle basket"],
    names: [
      ["Lenkerkorb", "Handlebar basket"],
      ["Gepäckträgerkorb", "Carrier basket"],
    ],
    lines: ["Classic", "Market"],
    palette: ["black", "silver", "brown"],
    price: [24, 59],
    trade: { packaging: PIECE, customs: CN_BICYCLE_OTHER },
    attributes: [
      material(STEEL, ["Weide", "Willow"], PLASTIC),
      { name: ["Volumen", "Volume"], values: [["16 l", "16 l"], ["22 l", "22 l"]] },
      { name: ["Maximale Zuladung", "Maximum load"], values: [["5 kg", "5 kg"], ["10 kg", "10 kg"]] },
      weight(600, 1300, 10),
    ],
    sentences: [
      ["Der Korb nimmt den Wocheneinkauf, die Tasche oder den Picknickkorb auf.", "The basket takes the weekly shopping, a bag or a picnic."],
      ["Die Schnellbefestigung erlaubt das Abnehmen mit einem Handgriff.", "The quick-release mount lets you take it off in one move."],
    ],
  },
};

/** Sentences that suit any article; mixed in so descriptions are not all alike. */
export const genericSentences: readonly Pair[] = [
  ["Entwickelt in Deutschland und im Fachhandel geprüft.", "Developed in Germany and tested by specialist dealers."],
  ["Ihr Fachhändler berät Sie gern zur passenden Größe und montiert das Teil auf Wunsch.", "Your specialist dealer will gladly advise on the right size and fit the part on request."],
  ["Wir geben zwei Jahre Garantie auf Material- und Verarbeitungsfehler.", "We give a two-year warranty against defects in material and workmanship."],
  ["Die Verpackung besteht überwiegend aus recyceltem Karton.", "The packaging is made mostly of recycled cardboard."],
  ["Ersatzteile sind über den Fachhandel viele Jahre lang erhältlich.", "Spare parts stay available through dealers for many years."],
];

/** A secondary property whose value is the article's trade data, not a random pick. */
export interface TradeAttributeSpec {
  name: Pair;
  trade: keyof Trade;
}

export const secondaryAttributes: readonly (AttributeSpec | TradeAttributeSpec)[] = [
  { name: ["Verpackungseinheit", "Packaging unit"], trade: "packaging" },
  { name: ["Herkunftsland", "Country of origin"], values: [["Deutschland", "Germany"], ["Taiwan", "Taiwan"], ["Italien", "Italy"], ["Tschechien", "Czech Republic"], ["Portugal", "Portugal"]] },
  { name: ["Zolltarifnummer", "Customs tariff number"], trade: "customs" },
  { name: ["Garantie", "Warranty"], values: [["2 Jahre", "2 years"], ["5 Jahre", "5 years"]] },
];
