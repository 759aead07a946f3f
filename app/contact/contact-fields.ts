/**
 * The contact message's fields, limits and error codes: what the form needs to render and to clean
 * input as it is typed. Kept apart from the zod schema (contact-schema.ts), which the browser loads
 * only when a message is sent.
 */

export const CONTACT_LIMITS = {
  name: 200,
  email: 254,
  telephone: 30,
  // 5,000 words of 16 characters each, spaces and punctuation included: German runs about 7, long
  // compounds and pasted links more, and a visitor's 4,500 words came to 50,000. The form does not cut
  // text at this limit (no maxlength on the textarea); it says so as the text nears it.
  nachricht: 80_000,
  subject: 200,
  /** The honeypot: people leave it empty, so this only bounds what a bot sends. */
  website: 1000,
  words: 5000,
} as const;

/** The specification's "fixed form title"; German because the brand's inbox reads German. */
export const CONTACT_SUBJECT = "Kontaktformular";

/** The fields a visitor fills in, in the order the form shows them. */
export const CONTACT_FIELDS = ["name", "email", "telephone", "nachricht"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Error codes; the page translates `contact.errors.<code>`, the API answers with the English text. */
export const CONTACT_ERROR_CODES = ["required", "email", "phone", "tooLong", "tooManyWords", "invalid"] as const;
export type ContactErrorCode = (typeof CONTACT_ERROR_CODES)[number];

export type ContactFieldErrors = Partial<Record<ContactField | "subject" | "website" | "form", ContactErrorCode>>;

export const CONTACT_ERROR_TEXT_EN: Record<ContactErrorCode, string> = {
  required: "Enter all the fields",
  email: "Enter valid email id",
  phone: "Enter a valid phone number: digits and spaces, optionally with a + at the start, e.g. +49 561 123456",
  tooLong: "This entry is too long",
  tooManyWords: `Your message is too long: at most ${CONTACT_LIMITS.words} words`,
  invalid: "The request is not a valid contact message",
};

/** From this many characters on, the message's hint counts characters too: the limit is announced before it is reached. */
export const MESSAGE_CHARS_SHOWN_FROM = CONTACT_LIMITS.nachricht * 0.9;

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/u).length;
}

/**
 * Keeps what a phone number may contain: digits, spaces and one leading +. Used on every keystroke
 * and paste in the browser; the server does not repair, it rejects (see `phonePattern` in contact-schema.ts).
 */
export function sanitizePhoneInput(value: string): string {
  const plus = value.trimStart().startsWith("+") ? "+" : "";
  return plus + value.replace(/[^0-9 ]/g, "").replace(/^ +/, "");
}
