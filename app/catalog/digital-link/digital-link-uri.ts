import { toGtin14 } from "~/utils/ean";

/**
 * The GS1 Digital Link URI syntax (1.4) for a trade item, as far as this resolver serves it: the
 * primary key `/01/{gtin}` and its key qualifiers, consumer product variant (`/22/`), batch or lot
 * (`/10/`) and serial number (`/21/`), each at most once and in that order. Values are
 * percent-decoded and must use the GS1 AI encodable character set 82 within the AI's length.
 */

export const QUALIFIERS = [
  { ai: "22", key: "cpv", maxLength: 20 },
  { ai: "10", key: "lot", maxLength: 20 },
  { ai: "21", key: "serial", maxLength: 20 },
] as const;

export type QualifierKey = (typeof QUALIFIERS)[number]["key"];
export type Qualifiers = Partial<Record<QualifierKey, string>>;

export interface DigitalLink {
  gtin14: string;
  qualifiers: Qualifiers;
}

/** Why a path is no Digital Link we serve; the texts live in the locales (`digitalLink.problems`). */
export type UriProblem =
  | { code: "notGtin" }
  | { code: "checkDigit" }
  | { code: "encoding" }
  | { code: "unknownAi"; ai: string }
  | { code: "order"; ai: string }
  | { code: "missingValue"; ai: string }
  | { code: "characters"; ai: string }
  | { code: "tooLong"; ai: string; max: number };

/** GS1 General Specifications, figure 7.11-1: the 82 characters an alphanumeric AI may carry. */
const AI_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Reads the path of a request (as it came, still percent-encoded) that starts with `/01/`. A
 * trailing slash is tolerated, as the resolver standard asks.
 */
export function parseDigitalLinkPath(pathname: string): DigitalLink | UriProblem {
  const segments = pathname.replace(/\/$/, "").split("/").slice(1);
  if (segments[0] !== "01" || segments.length < 2) return { code: "notGtin" };
  const gtinText = decode(segments[1] ?? "");
  if (gtinText === null) return { code: "encoding" };
  if (!/^(\d{8}|\d{12,14})$/.test(gtinText)) return { code: "notGtin" };
  const gtin14 = toGtin14(gtinText);
  if (!gtin14) return { code: "checkDigit" };

  const qualifiers: Qualifiers = {};
  let next = 0;
  for (let i = 2; i < segments.length; i += 2) {
    const ai = segments[i] ?? "";
    const index = QUALIFIERS.findIndex((q) => q.ai === ai);
    const qualifier = QUALIFIERS[index];
    if (!qualifier) return { code: "unknownAi", ai: ai.slice(0, 8) };
    if (index < next) return { code: "order", ai };
    const raw = segments[i + 1];
    if (raw === undefined || raw === "") return { code: "missingValue", ai };
    const value = decode(raw);
    if (value === null) return { code: "encoding" };
    if (!AI_82.test(value)) return { code: "characters", ai };
    if (value.length > qualifier.maxLength) return { code: "tooLong", ai, max: qualifier.maxLength };
    qualifiers[qualifier.key] = value;
    next = index + 1;
  }
  return { gtin14, qualifiers };
}

export function isUriProblem(result: DigitalLink | UriProblem): result is UriProblem {
  return "code" in result;
}

/** The link's canonical form: GTIN-14, qualifiers in their order, values percent-encoded. */
export function digitalLinkPath({ gtin14, qualifiers }: DigitalLink): string {
  let path = `/01/${gtin14}`;
  for (const { ai, key } of QUALIFIERS) {
    const value = qualifiers[key];
    if (value !== undefined) path += `/${ai}/${encodeURIComponent(value)}`;
  }
  return path;
}
