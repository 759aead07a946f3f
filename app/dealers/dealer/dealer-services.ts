/*
 * What a dealer offers besides selling (issue 14). A fixed set, so filters, icons and translations
 * stay consistent; a new service is one more entry here plus its two labels in the locale files
 * (`dealers.service.<key>`), and the dealer import accepts it at once.
 */
export const DEALER_SERVICES = ["workshop", "ebike-service", "test-rides", "spare-parts", "rental", "premium-partner"] as const;
export type DealerService = (typeof DEALER_SERVICES)[number];

const KNOWN = new Set<string>(DEALER_SERVICES);

export function isDealerService(value: string): value is DealerService {
  return KNOWN.has(value);
}

/** Spellings a dealer spreadsheet may use, folded (lower case, no spaces, dashes or umlauts). */
const ALIASES: Record<DealerService, readonly string[]> = {
  workshop: ["workshop", "werkstatt", "reparatur", "repair", "service"],
  "ebike-service": ["ebikeservice", "ebikewerkstatt", "ebike", "pedelecservice", "pedelec"],
  "test-rides": ["testrides", "testride", "probefahrt", "probefahrten", "testfahrt", "testfahrten"],
  "spare-parts": ["spareparts", "sparepartsservice", "ersatzteile", "ersatzteilservice", "teileservice"],
  rental: ["rental", "rent", "verleih", "vermietung", "fahrradverleih", "bikerental"],
  "premium-partner": ["premiumpartner", "premium", "premiumhaendler", "premiumhandler"],
};

const SERVICE_OF = new Map(DEALER_SERVICES.flatMap((service) => ALIASES[service].map((alias) => [alias, service] as const)));

function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/[\s_\-–.]/g, "");
}

export interface ParsedServices {
  services: DealerService[];
  /** Entries that name no known service, as written. */
  unknown: string[];
}

/** "Werkstatt, E-Bike-Service; Probefahrten" → the keys in the fixed order, each once. */
export function parseDealerServices(text: string): ParsedServices {
  const found = new Set<DealerService>();
  const unknown: string[] = [];
  for (const entry of text.split(/[,;|]/)) {
    const written = entry.trim();
    if (written === "") continue;
    const service = SERVICE_OF.get(fold(written));
    if (service) found.add(service);
    else unknown.push(written);
  }
  return { services: DEALER_SERVICES.filter((service) => found.has(service)), unknown };
}

/** Stored and sent as a comma list of keys; unknown keys (an older or newer list) are dropped. */
export function servicesFromText(text: string | null | undefined): DealerService[] {
  if (!text) return [];
  return text.split(",").filter(isDealerService);
}
