import { z } from "~/utils/zod-mini";
import {
  CONTACT_ERROR_CODES,
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_SUBJECT,
  type ContactErrorCode,
  type ContactFieldErrors,
  countWords,
} from "./contact-fields";

/**
 * The one schema of a contact message, run in the browser before sending and again on the server
 * (the mailer endpoint and the no-JavaScript form action). Field names are the provider's
 * (`nachricht`, `telephone`), so the browser can post the same body to the provider's mailer.
 */

const phonePattern = /^\+?[0-9][0-9 ]*$/;

/* eslint-disable no-control-regex -- matching control characters is the point of these two */
// Control characters would end a mail header early (header injection) or hide text; a name or
// subject is one line, so every run of them becomes a single space.
const singleLine = (value: string) => value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/ {2,}/g, " ").trim();
// A message keeps its line breaks and tabs, normalised to \n, and loses other control characters.
const multiLine = (value: string) =>
  value
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "")
    .trim();
/* eslint-enable no-control-regex */

const requiredText = (max: number) =>
  z.string({ error: "required" }).check(
    z.trim(),
    z.minLength(1, { error: "required", abort: true }),
    z.maxLength(max, { error: "tooLong", abort: true }),
  );

export const contactMessageSchema = z.object({
  name: z.pipe(z.pipe(requiredText(CONTACT_LIMITS.name), z.transform(singleLine)), z.string().check(z.minLength(1, { error: "required" }))),
  // The e-mail pattern admits no whitespace at all, so CR/LF cannot reach the Reply-To header.
  email: requiredText(CONTACT_LIMITS.email).check(z.regex(z.regexes.email, { error: "email" })),
  telephone: requiredText(CONTACT_LIMITS.telephone).check(z.regex(phonePattern, { error: "phone" })),
  nachricht: z.pipe(
    requiredText(CONTACT_LIMITS.nachricht).check(z.refine((text) => countWords(text) <= CONTACT_LIMITS.words, { error: "tooManyWords" })),
    z.transform(multiLine),
  ),
  subject: z.pipe(
    z.optional(z.string({ error: "invalid" }).check(z.maxLength(CONTACT_LIMITS.subject, { error: "tooLong" }))),
    z.transform((value: string | undefined) => singleLine(value ?? "") || CONTACT_SUBJECT),
  ),
  /** Honeypot: hidden from people, filled in by form-spamming bots. */
  website: z.optional(z.string({ error: "invalid" }).check(z.maxLength(CONTACT_LIMITS.website, { error: "tooLong" }))),
});

export type ContactInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export type ContactValidation =
  | { ok: true; message: ContactMessage }
  | {
      ok: false;
      /** The one message to show first: 'Enter all the fields' wins over everything else. */
      summary: ContactErrorCode;
      fields: ContactFieldErrors;
    };

function isErrorCode(value: string): value is ContactErrorCode {
  return (CONTACT_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Runs the schema and orders the result the way the specification checks: any empty field gives
 * only 'Enter all the fields' (marking the empty ones), and only a complete form is checked for
 * the e-mail format and the other rules.
 */
export function validateContact(input: unknown): ContactValidation {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return { ok: true, message: result.data };

  const all: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    const field = typeof key === "string" && key in contactMessageSchema.shape ? (key as keyof ContactFieldErrors) : "form";
    all[field] ??= isErrorCode(issue.message) ? issue.message : "invalid";
  }
  if (all.form) return { ok: false, summary: "invalid", fields: { form: all.form } };

  const missing = CONTACT_FIELDS.filter((field) => all[field] === "required");
  if (missing.length > 0) {
    return { ok: false, summary: "required", fields: Object.fromEntries(missing.map((f) => [f, "required"])) };
  }
  const order: (keyof ContactFieldErrors)[] = ["email", "name", "telephone", "nachricht", "subject", "website"];
  const first = order.find((field) => all[field] !== undefined);
  return { ok: false, summary: (first && all[first]) ?? "invalid", fields: all };
}
