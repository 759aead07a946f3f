import { decodeEntities } from "./plain-text";

/**
 * FUNIT holds UN/ECE Recommendation 20 codes in most BMEcat files ("MMT", "GRM"); visitors read
 * symbols ("mm", "g"). Codes not listed here, and units already written as symbols, stay as given.
 */
const UNECE: Record<string, string> = {
  MMT: "mm",
  MMK: "mm²",
  CMK: "cm²",
  MTK: "m²",
  MTQ: "m³",
  DMT: "dm",
  MGM: "mg",
  TNE: "t",
  HTZ: "Hz",
  KHZ: "kHz",
  OHM: "Ω",
  WHR: "Wh",
  KWH: "kWh",
  E09: "mAh",
  PAL: "Pa",
  KPA: "kPa",
  KEL: "K",
  "2N": "dB",
  PR: "",
  SET: "",
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

/** Units written as symbols or words, which need no code table. */
const SYMBOLS = new Set([
  ...Object.values(UNECE),
  ...["mm2", "cm2", "m2", "m3", "Nm", "N m", "mAh", "kWh", "Wh", "Hz", "dB", "dB(A)", "lm/W", "Pa", "psi", "in", "inch", "Zoll", "°", "'", "t", "U/min", "rpm", "1/min", "m/s", "km/h", "l/min", "µm", "nm", "mV", "mA", "µF", "W/m²", "K"],
  ...["Stück", "Stk", "St", "pcs", "pc", "piece", "pieces", "Paar", "pair", "Set", "Satz"],
]);
const KNOWN = new Set([...SYMBOLS].map((s) => s.toLowerCase()));

/** The unit as visitors read it, and whether we know it (an unknown one is shown as the file gives it). */
export function readUnit(unit: string): { symbol: string; known: boolean } {
  const code = decodeEntities(unit).trim();
  const symbol = UNECE[code.toUpperCase()];
  if (symbol !== undefined) return { symbol, known: true };
  return { symbol: code, known: code === "" || KNOWN.has(code.toLowerCase()) };
}

export function unitSymbol(unit: string): string {
  return readUnit(unit).symbol;
}
