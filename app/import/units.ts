/**
 * FUNIT holds UN/ECE Recommendation 20 codes in most BMEcat files ("MMT", "GRM"); visitors read
 * symbols ("mm", "g"). Codes not listed here, and units already written as symbols, stay as given.
 */
const UNECE: Record<string, string> = {
  MMT: "mm",
  CMT: "cm",
  MTR: "m",
  KMT: "km",
  INH: "″",
  GRM: "g",
  KGM: "kg",
  MLT: "ml",
  LTR: "l",
  WTT: "W",
  KWT: "kW",
  VLT: "V",
  AMP: "A",
  AMH: "Ah",
  LUX: "lx",
  LUM: "lm",
  CEL: "°C",
  BAR: "bar",
  NEW: "N",
  NU: "N·m",
  HUR: "h",
  MIN: "min",
  SEC: "s",
  KMH: "km/h",
  P1: "%",
  DD: "°",
  C62: "",
  PCE: "",
  H87: "",
};

export function unitSymbol(unit: string): string {
  const code = unit.trim();
  return UNECE[code.toUpperCase()] ?? code;
}
