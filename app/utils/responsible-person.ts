/**
 * The EU responsible person of GPSR (EU) 2023/988 Art. 16 (Regulation (EU) 2019/1020, Art. 4), as
 * the setting EU_RESPONSIBLE_PERSON writes it and article pages show it (issue 28).
 */
export interface ResponsiblePerson {
  name: string;
  /** Street, town, country…: one line each. */
  address: string[];
  email: string;
}

export const RESPONSIBLE_PERSON_FORMAT =
  'must be empty or "name; address lines; e-mail", parts separated by semicolons, the e-mail last, such as "EU-Rep GmbH; Hafenstraße 1; 20457 Hamburg; Deutschland; eu-rep@example.com"';

/** No part longer than a page could show on one line. */
const MAX_PART = 200;

/**
 * "name; address lines…; e-mail" → its parts; null for an empty value; undefined when the value does
 * not have a name, at least one address line and an e-mail address last. `isEmail` is the caller's
 * rule for addresses (zod's, in env.server.ts).
 */
export function parseResponsiblePerson(value: string, isEmail: (text: string) => boolean): ResponsiblePerson | null | undefined {
  if (value.trim() === "") return null;
  const parts = value
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const [name, ...rest] = parts;
  const email = rest.at(-1) ?? "";
  const fits = parts.every((part) => part.length <= MAX_PART && !/\p{Cc}/u.test(part));
  if (name === undefined || rest.length < 2 || !isEmail(email) || !fits) return undefined;
  return { name, address: rest.slice(0, -1), email };
}
