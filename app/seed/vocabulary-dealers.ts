/**
 * Material for fictional dealers. Towns are real (their centroids come from GeoNames); area codes
 * belong to the towns so the telephone numbers look right; people and shops are invented.
 */
export type Country = "DE" | "AT" | "CH";

/** [town as GeoNames spells it, dialling area code without the trunk zero]. */
export const towns: Record<Country, readonly (readonly [string, string])[]> = {
  DE: [
    ["Berlin", "30"], ["Hamburg", "40"], ["München", "89"], ["Köln", "221"], ["Frankfurt am Main", "69"],
    ["Stuttgart", "711"], ["Düsseldorf", "211"], ["Leipzig", "341"], ["Dortmund", "231"], ["Essen", "201"],
    ["Bremen", "421"], ["Dresden", "351"], ["Hannover", "511"], ["Nürnberg", "911"], ["Duisburg", "203"],
    ["Bochum", "234"], ["Wuppertal", "202"], ["Bielefeld", "521"], ["Bonn", "228"], ["Münster", "251"],
    ["Mannheim", "621"], ["Karlsruhe", "721"], ["Augsburg", "821"], ["Wiesbaden", "611"], ["Aachen", "241"],
    ["Braunschweig", "531"], ["Kiel", "431"], ["Chemnitz", "371"], ["Magdeburg", "391"], ["Freiburg im Breisgau", "761"],
    ["Krefeld", "2151"], ["Mainz", "6131"], ["Lübeck", "451"], ["Erfurt", "361"], ["Rostock", "381"],
    ["Kassel", "561"], ["Potsdam", "331"], ["Saarbrücken", "681"], ["Ludwigshafen am Rhein", "621"], ["Osnabrück", "541"],
    ["Leverkusen", "214"], ["Heidelberg", "6221"], ["Darmstadt", "6151"], ["Regensburg", "941"], ["Paderborn", "5251"],
    ["Ingolstadt", "841"], ["Würzburg", "931"], ["Ulm", "731"], ["Heilbronn", "7131"], ["Wolfsburg", "5361"],
    ["Göttingen", "551"], ["Pforzheim", "7231"], ["Trier", "651"], ["Reutlingen", "7121"], ["Bremerhaven", "471"],
    ["Koblenz", "261"], ["Jena", "3641"], ["Erlangen", "9131"], ["Siegen", "271"], ["Hildesheim", "5121"],
    ["Cottbus", "355"], ["Schwerin", "385"], ["Bamberg", "951"], ["Bayreuth", "921"], ["Konstanz", "7531"],
    ["Passau", "851"], ["Lüneburg", "4131"], ["Flensburg", "461"], ["Rosenheim", "8031"], ["Tübingen", "7071"],
    ["Marburg", "6421"], ["Fulda", "661"], ["Landshut", "871"], ["Weimar", "3643"], ["Greifswald", "3834"],
    ["Görlitz", "3581"], ["Zwickau", "375"], ["Oldenburg", "441"], ["Gießen", "641"], ["Hameln", "5151"],
  ],
  AT: [
    ["Wien", "1"], ["Graz", "316"], ["Linz", "732"], ["Salzburg", "662"], ["Innsbruck", "512"],
    ["Klagenfurt am Wörthersee", "463"], ["Villach", "4242"], ["Wels", "7242"], ["St. Pölten", "2742"], ["Dornbirn", "5572"],
    ["Wiener Neustadt", "2622"], ["Steyr", "7252"], ["Feldkirch", "5522"], ["Bregenz", "5574"], ["Leoben", "3842"],
    ["Krems an der Donau", "2732"], ["Baden", "2252"], ["Wolfsberg", "4352"], ["Eisenstadt", "2682"], ["Kufstein", "5372"],
  ],
  CH: [
    ["Zürich", "44"], ["Genève", "22"], ["Basel", "61"], ["Bern", "31"], ["Lausanne", "21"],
    ["Winterthur", "52"], ["Luzern", "41"], ["St. Gallen", "71"], ["Lugano", "91"], ["Biel/Bienne", "32"],
    ["Thun", "33"], ["Schaffhausen", "52"], ["Chur", "81"], ["Fribourg", "26"], ["Aarau", "62"],
    ["Zug", "41"], ["Olten", "62"], ["Frauenfeld", "52"], ["Sion", "27"], ["Solothurn", "32"],
  ],
};

export const surnames: readonly string[] = [
  "Berger", "Köhler", "Meier", "Schmitt", "Wagner", "Becker", "Hoffmann", "Schulz", "Koch", "Richter",
  "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann", "Braun", "Krüger", "Hofmann", "Hartmann",
  "Lange", "Werner", "Krause", "Lehmann", "Huber", "Kaiser", "Fuchs", "Peters", "Lang", "Scholz",
  "Möller", "Weiß", "Jung", "Hahn", "Vogel", "Friedrich", "Keller", "Günther", "Frank", "Berg",
  "Winkler", "Roth", "Beck", "Lorenz", "Baumann", "Franke", "Albrecht", "Ludwig", "Sommer", "Brandt",
  "Gruber", "Pichler", "Steiner", "Moser", "Mayr", "Egger", "Brunner", "Aigner", "Lechner", "Haas",
  "Müller", "Frei", "Gerber", "Bühler", "Kälin", "Graf", "Ammann", "Suter", "Bachmann", "Widmer",
];

/** "{name}" is a surname, "{town}" the town. Swiss shops say Velo; Austrian and German ones Rad. */
export const shopPatterns: Record<Country, readonly string[]> = {
  DE: [
    "Radhaus {name}", "Zweirad {name}", "Fahrrad {name}", "Radsport {name}", "Fahrradladen {name}",
    "Zweirad {name} GmbH", "{name} Radwelt", "Bike Station {town}", "Radstation {town}", "Fahrradhaus {name} & Söhne",
    "Pedalwerk {town}", "{name} Bikes",
  ],
  AT: [
    "Radsport {name}", "Zweirad {name} GmbH", "Radhaus {name}", "Fahrradwelt {town}", "Bike Point {name}",
    "{name} Räder",
  ],
  CH: [
    "Velo {name} AG", "Velo {name}", "Veloshop {town}", "Velowerkstatt {name}", "{name} Velos GmbH", "Cycle Center {town}",
  ],
};

export const streetStems: readonly string[] = [
  "Haupt", "Bahnhof", "Garten", "Linden", "Schiller", "Goethe", "Mühlen", "Kirch", "Schul", "Berg",
  "Wald", "Ring", "Markt", "Post", "Rosen", "Birken", "Eichen", "Friedrich", "Wilhelm", "Sonnen",
  "Feld", "Wiesen", "Brunnen", "Burg", "Park", "Industrie", "Tal", "Rathaus", "Kloster", "Mozart",
];

/** Spelling differs: Switzerland writes "strasse", Austria likes "gasse". */
export const streetSuffixes: Record<Country, readonly string[]> = {
  DE: ["straße", "straße", "straße", "weg", "allee", "platz"],
  AT: ["straße", "gasse", "gasse", "weg", "platz"],
  CH: ["strasse", "strasse", "weg", "gasse", "platz"],
};

/** Tags of brand dealers: free text the dealer system allows, always containing the word "viva". */
export const brandTags: readonly string[] = [
  "viva", "viva", "viva", "viva", "VIVA", "Viva", "VIVA Premium", "trekking, viva", "viva, e-bike", "city, viva, service",
];

/**
 * Dealers of other brands. "vivax" contains "viva" but is not the word viva: the site must not show
 * that dealer (the filter matches whole words).
 */
export const otherTags: readonly string[] = ["nonbrand", "trekking", "e-bike, service", "velo", "cargo", "outlet"];
export const trickyTag = "vivax";
