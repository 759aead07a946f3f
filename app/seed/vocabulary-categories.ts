import { brand } from "~/config/brand";
import type { DrawingKind } from "./vocabulary-articles";

/** German and English text side by side; the generator always writes both languages together. */
export interface Text {
  de: string;
  en: string;
}

export interface CategorySpec {
  symbol: string;
  name: Text;
  description: Text;
  /** The picture drawn for the category tile (top-level categories with children borrow one). */
  drawing: DrawingKind;
  /** Leaf categories only: a fixed article count, or undefined for a seeded 7–40. */
  size?: number;
  /**
   * Leaf categories only: what an article must measure to belong here, where its kind's range is
   * wider (children's saddles are small): a range per attribute, by its German name. One draw
   * either way, so the part numbers and prices after it stay.
   */
  fits?: { ranges: Readonly<Record<string, readonly [number, number, number]>> };
  children?: CategorySpec[];
}

export interface GroupSpec {
  mainId: number;
  categories: CategorySpec[];
}

export const ROOT_CATEGORY_ID = 1000;

/** The range's root category; `brandName` is the content's brand name (its German name is a setting, brand.rangeCategoryName). */
export function rootCategory(brandName: string): { symbol: string; name: Text; description: Text } {
  return {
    symbol: "cat_range",
    name: { de: brand.rangeCategoryName, en: `${brandName} range` },
    description: {
      de: `Das gesamte ${brandName} Sortiment: Fahrradteile und Zubehör für Alltag, Tour und Sport.`,
      en: `The complete ${brandName} range: bicycle parts and accessories for everyday riding, touring and sport.`,
    },
  };
}

/*
 * Category names never contain a hyphen or slash: the site's URLs turn spaces into hyphens and back,
 * so "Reifen und Schläuche" must survive the round trip. Some names carry spaces on purpose.
 * The fixed sizes give the catalogue small categories (no paging) and the 5/6 boundary of the pager.
 */
export const categoryGroups: GroupSpec[] = [
  {
    mainId: brand.groups.parts,
    categories: [
      {
        symbol: "cat_grips",
        drawing: "grip",
        name: { de: "Lenkergriffe", en: "Handlebar grips" },
        description: {
          de: "Ergonomische Griffe für entspannte Hände auf Tour und im Alltag. Vom klassischen Schraubgriff bis zum Ergo-Griff mit Handballenauflage.",
          en: "Ergonomic grips for relaxed hands on tour and in everyday riding. From the classic lock-on grip to the ergo grip with palm support.",
        },
      },
      {
        symbol: "cat_brakes",
        drawing: "rimbrake",
        name: { de: "Bremsen", en: "Brakes" },
        description: {
          de: "Bremsen und Bremsbeläge für sichere Stopps bei jedem Wetter. Passend für die gängigen Systeme an Trekking-, City- und Sporträdern.",
          en: "Brakes and brake pads for safe stops in any weather. Suitable for the common systems on trekking, city and sports bikes.",
        },
        children: [
          {
            symbol: "cat_rim_brakes",
            drawing: "rimbrake",
            name: { de: "Felgenbremsen", en: "Rim brakes" },
            description: {
              de: "V-Brakes und Seitenzugbremsen aus Aluminium. Leicht einzustellen und robust im Alltag.",
              en: "V-brakes and caliper brakes made of aluminium. Easy to adjust and tough in everyday use.",
            },
          },
          {
            symbol: "cat_brake_pads",
            drawing: "brakepad",
            name: { de: "Bremsbeläge", en: "Brake pads" },
            description: {
              de: "Bremsbeläge für Felgen- und Scheibenbremsen. Mischungen für trockene und nasse Bedingungen.",
              en: "Brake pads for rim and disc brakes. Compounds for dry and wet conditions.",
            },
          },
        ],
      },
      {
        symbol: "cat_chains",
        drawing: "chain",
        name: { de: "Ketten", en: "Chains" },
        description: {
          de: "Fahrradketten für Naben- und Kettenschaltungen. Rostgeschützt und mit Kettenschloss für die schnelle Montage.",
          en: "Bicycle chains for hub and derailleur gears. Rust protected and with a quick link for fast fitting.",
        },
      },
      {
        symbol: "cat_pedals",
        drawing: "pedal",
        name: { de: "Pedale", en: "Pedals" },
        description: {
          de: "Plattformpedale für City, Trekking und Mountainbike. Mit griffiger Oberfläche und gedichteten Lagern.",
          en: "Platform pedals for city, trekking and mountain bikes. With a grippy surface and sealed bearings.",
        },
      },
      {
        symbol: "cat_saddles",
        drawing: "saddle",
        name: { de: "Sättel", en: "Saddles" },
        description: {
          de: "Sättel für jede Sitzposition, von aufrecht bis sportlich. Mit Gel, Memory-Schaum oder Entlastungskanal.",
          en: "Saddles for every riding position, from upright to sporty. With gel, memory foam or a relief channel.",
        },
        children: [
          {
            symbol: "cat_saddles_trekking",
            drawing: "saddle",
            name: { de: "Trekkingsättel", en: "Trekking saddles" },
            fits: { ranges: { Breite: [150, 250, 5], Länge: [255, 290, 5], Gewicht: [330, 620, 5] } },
            description: {
              de: "Komfortable Sättel für lange Touren. Breit genug für aufrechtes Sitzen, schmal genug für freie Beine.",
              en: "Comfortable saddles for long tours. Wide enough for upright riding, narrow enough for free legs.",
            },
          },
          {
            symbol: "cat_saddles_sport",
            drawing: "saddle",
            name: { de: "Sportsättel", en: "Sport saddles" },
            fits: { ranges: { Breite: [130, 155, 5], Länge: [260, 290, 5], Gewicht: [200, 380, 5] } },
            description: {
              de: "Schlanke, leichte Sättel für eine gestreckte Sitzposition.",
              en: "Slim, light saddles for a stretched riding position.",
            },
          },
          {
            symbol: "cat_saddles_kids",
            drawing: "saddle",
            size: 3,
            name: { de: "Kindersättel", en: "Children's saddles" },
            // An adult saddle is 130–250 mm wide and 250–290 mm long; a child's fits a 12–24 inch bike.
            fits: { ranges: { Breite: [120, 150, 5], Länge: [200, 245, 5], Gewicht: [150, 320, 5] } },
            description: {
              de: "Kleine Sättel für Kinder- und Jugendräder von 12 bis 24 Zoll.",
              en: "Small saddles for children's and youth bikes from 12 to 24 inches.",
            },
          },
        ],
      },
      {
        symbol: "cat_lighting",
        drawing: "frontlight",
        name: { de: "Beleuchtung", en: "Lighting" },
        description: {
          de: "Fahrradbeleuchtung nach StVZO: sehen und gesehen werden. Akku- und Dynamoleuchten für vorne und hinten.",
          en: "Road-legal bicycle lighting: see and be seen. Battery and dynamo lights for front and rear.",
        },
        children: [
          {
            symbol: "cat_front_lights",
            drawing: "frontlight",
            name: { de: "Frontlichter", en: "Front lights" },
            description: {
              de: "Scheinwerfer mit LED-Technik und klar begrenztem Lichtkegel, damit der Gegenverkehr nicht geblendet wird.",
              en: "Headlights with LED technology and a clearly cut-off beam, so oncoming traffic is not dazzled.",
            },
          },
          {
            symbol: "cat_rear_lights",
            drawing: "rearlight",
            name: { de: "Rücklichter", en: "Rear lights" },
            description: {
              de: "Rücklichter mit Standlicht und großem Reflektor für Sichtbarkeit von hinten.",
              en: "Rear lights with standlight function and a large reflector for visibility from behind.",
            },
          },
          {
            symbol: "cat_light_sets",
            drawing: "lightset",
            size: 6,
            name: { de: "Lichtsets", en: "Light sets" },
            description: {
              de: "Front- und Rücklicht im Set, aufeinander abgestimmt und mit Halterungen.",
              en: "Front and rear light as a matched set, mounts included.",
            },
          },
        ],
      },
      {
        symbol: "cat_tyres_tubes",
        drawing: "tyre",
        name: { de: "Reifen und Schläuche", en: "Tyres and tubes" },
        description: {
          de: "Reifen mit Pannenschutz und passende Schläuche mit Auto-, Sclaverand- oder Dunlopventil.",
          en: "Tyres with puncture protection and matching tubes with Schrader, Presta or Dunlop valves.",
        },
        children: [
          {
            symbol: "cat_tyres",
            drawing: "tyre",
            name: { de: "Reifen", en: "Tyres" },
            description: {
              de: "Drahtreifen und Faltreifen für Stadt, Tour und Gelände.",
              en: "Wired and folding tyres for city, touring and off-road.",
            },
          },
          {
            symbol: "cat_tubes",
            drawing: "tube",
            name: { de: "Schläuche", en: "Inner tubes" },
            description: {
              de: "Butylschläuche in allen gängigen Größen und mit allen Ventilarten.",
              en: "Butyl inner tubes in all common sizes and with every valve type.",
            },
          },
        ],
      },
      {
        symbol: "cat_mudguards",
        drawing: "mudguard",
        name: { de: "Schutzbleche", en: "Mudguards" },
        description: {
          de: "Schutzbleche halten Kleidung und Rad sauber. Aus bruchfestem Kunststoff oder Aluminium, mit Streben und Spritzschutz.",
          en: "Mudguards keep clothes and bike clean. Made of unbreakable plastic or aluminium, with stays and mud flap.",
        },
      },
      {
        symbol: "cat_carriers",
        drawing: "rack",
        name: { de: "Gepäckträger", en: "Carriers" },
        description: {
          de: "Gepäckträger aus Aluminium mit Federklappe und Systemaufnahme für Körbe und Taschen.",
          en: "Aluminium carriers with spring clip and system mount for baskets and bags.",
        },
      },
    ],
  },
  {
    mainId: brand.groups.accessories,
    categories: [
      {
        symbol: "cat_locks",
        drawing: "ulock",
        name: { de: "Schlösser", en: "Locks" },
        description: {
          de: "Fahrradschlösser für jede Sicherheitsstufe. Bügel, Kette oder Zahlenkombination: abschließen, ankommen, wiederfinden.",
          en: "Bicycle locks for every level of security. U-lock, chain or combination: lock up, arrive, find it again.",
        },
        children: [
          {
            symbol: "cat_u_locks",
            drawing: "ulock",
            name: { de: "Bügelschlösser", en: "U locks" },
            description: {
              de: "Bügelschlösser aus gehärtetem Stahl mit Halter für den Rahmen.",
              en: "U locks made of hardened steel with a frame bracket.",
            },
          },
          {
            symbol: "cat_chain_locks",
            drawing: "chainlock",
            size: 5,
            name: { de: "Kettenschlösser", en: "Chain locks" },
            description: {
              de: "Kettenschlösser mit textiler Ummantelung, die den Lack schont.",
              en: "Chain locks with a textile sleeve that protects the paint.",
            },
          },
          {
            symbol: "cat_combination_locks",
            drawing: "combolock",
            name: { de: "Zahlenschlösser", en: "Combination locks" },
            description: {
              de: "Kabel- und Spiralschlösser mit einstellbarem Zahlencode, ganz ohne Schlüssel.",
              en: "Cable and coil locks with a resettable number code, no key needed.",
            },
          },
        ],
      },
      {
        symbol: "cat_bells",
        drawing: "bell",
        name: { de: "Klingeln", en: "Bells" },
        description: {
          de: "Fahrradklingeln mit hellem, lang nachklingendem Ton. Klein, leicht und schnell am Lenker montiert.",
          en: "Bicycle bells with a bright, long-ringing tone. Small, light and quickly mounted on the handlebar.",
        },
      },
      {
        symbol: "cat_pumps",
        drawing: "pump",
        name: { de: "Pumpen", en: "Pumps" },
        description: {
          de: "Minipumpen für unterwegs und Standpumpen für die Werkstatt, mit Kopf für alle Ventile.",
          en: "Mini pumps for the road and floor pumps for the workshop, with a head for every valve.",
        },
      },
      {
        symbol: "cat_bags",
        drawing: "bag",
        name: { de: "Taschen", en: "Bags" },
        description: {
          de: "Wasserdichte Fahrradtaschen für Einkauf, Pendeln und Reise. Mit Schnellbefestigung und Reflexstreifen.",
          en: "Waterproof bicycle bags for shopping, commuting and travel. With quick-release mount and reflective strips.",
        },
        children: [
          {
            symbol: "cat_pannier_bags",
            drawing: "bag",
            name: { de: "Gepäckträgertaschen", en: "Pannier bags" },
            description: {
              de: "Einzel- und Doppeltaschen für den Gepäckträger, von 15 bis 40 Liter.",
              en: "Single and double panniers for the carrier, from 15 to 40 litres.",
            },
          },
          {
            symbol: "cat_handlebar_bags",
            drawing: "handlebarbag",
            name: { de: "Lenkertaschen", en: "Handlebar bags" },
            description: {
              de: "Lenkertaschen mit Kartenfach und Klickhalterung, schnell abgenommen und mitgenommen.",
              en: "Handlebar bags with map pocket and click mount, quickly removed and taken along.",
            },
          },
          {
            symbol: "cat_saddle_bags",
            drawing: "saddlebag",
            size: 4,
            name: { de: "Satteltaschen", en: "Saddle bags" },
            description: {
              de: "Kleine Taschen unter dem Sattel für Schlauch, Werkzeug und Schlüssel.",
              en: "Small bags under the saddle for tube, tools and keys.",
            },
          },
        ],
      },
      {
        symbol: "cat_bottle_cages",
        drawing: "bottlecage",
        name: { de: "Flaschenhalter", en: "Bottle cages" },
        description: {
          de: "Flaschenhalter aus Aluminium und Kunststoff, die die Trinkflasche auch auf Kopfsteinpflaster sicher halten.",
          en: "Bottle cages made of aluminium and plastic that hold the bottle securely even on cobblestones.",
        },
      },
      {
        symbol: "cat_kickstands",
        drawing: "kickstand",
        name: { de: "Ständer", en: "Kickstands" },
        description: {
          de: "Seiten- und Zweibeinständer, längenverstellbar und für schwere Lasten ausgelegt.",
          en: "Side and double-leg kickstands, adjustable in length and built for heavy loads.",
        },
      },
      {
        symbol: "cat_mirrors",
        drawing: "mirror",
        size: 2,
        name: { de: "Spiegel", en: "Mirrors" },
        description: {
          de: "Rückspiegel für Lenkerende oder Lenkerrohr, für mehr Überblick im Verkehr.",
          en: "Rear-view mirrors for the bar end or handlebar, for a better view in traffic.",
        },
      },
      {
        symbol: "cat_tools",
        drawing: "tool",
        name: { de: "Werkzeug", en: "Tools" },
        description: {
          de: "Multitools, Reifenheber und Werkstattwerkzeug für Pannenhilfe und Pflege.",
          en: "Multi-tools, tyre levers and workshop tools for roadside repairs and maintenance.",
        },
      },
      {
        symbol: "cat_baskets",
        drawing: "basket",
        size: 1,
        name: { de: "Körbe", en: "Baskets" },
        description: {
          de: "Fahrradkörbe für Lenker und Gepäckträger.",
          en: "Bicycle baskets for handlebar and carrier.",
        },
      },
    ],
  },
];
