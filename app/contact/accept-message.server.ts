import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { insertContactMessage } from "~/models/contact-message.server";
import { CONTACT_LIMITS, type ContactErrorCode, type ContactFieldErrors } from "./contact-fields";
import { type ContactMessage, validateContact } from "./contact-schema";

export type AcceptResult =
  | { kind: "stored"; id: string }
  /** The honeypot was filled: answered like success, so a bot learns nothing, but not stored. */
  | { kind: "discarded"; id: string }
  | { kind: "invalid"; summary: ContactErrorCode; fields: ContactFieldErrors }
  | { kind: "rate_limited"; retryAfter: number };

/**
 * The largest contact request body read (the mailer's JSON and the no-JavaScript form alike), from
 * the field limits so that a message within them is never refused as too large: 3 bytes a character
 * is any text in UTF-8 (the page's JSON), plus room for names, quotes and escapes. A form posted
 * without JavaScript percent-encodes: German text takes about 1.2 bytes a character there, a whole
 * message in Cyrillic or Greek 6 and can be over (413).
 */
export const CONTACT_MAX_BODY_BYTES =
  3 * (CONTACT_LIMITS.name + CONTACT_LIMITS.email + CONTACT_LIMITS.telephone + CONTACT_LIMITS.nachricht + CONTACT_LIMITS.subject + CONTACT_LIMITS.website) +
  4096;

type Context = Pick<AppLoadContext, "db" | "env" | "logger" | "clientIp" | "contactLimit" | "messageStored">;

/** Seconds the client must wait before its next message, or 0. Checked before reading a body. */
export async function contactRetryAfter(context: Context): Promise<number> {
  return context.contactLimit.retryAfter(context.clientIp);
}

/**
 * The one way into the outbox, shared by the mailer endpoint and the page's no-JavaScript form
 * action: validate, count against the sender's rate limit, store, wake the delivery worker. The
 * message is in the database before the caller answers, so an accepted message cannot be lost.
 */
export async function acceptContactMessage(context: Context, input: unknown): Promise<AcceptResult> {
  const { db, env, logger } = context;
  const honeypot = typeof input === "object" && input !== null && "website" in input ? (input as { website: unknown }).website : undefined;
  const trapped = typeof honeypot === "string" && honeypot.trim() !== "";

  let message: ContactMessage | null = null;
  if (!trapped) {
    const validation = validateContact(input);
    if (!validation.ok) return { kind: "invalid", summary: validation.summary, fields: validation.fields };
    message = validation.message;
  }

  // Bots count against the limit too; only then do they get their fake success.
  const take = await context.contactLimit.take(context.clientIp);
  if (!take.ok) return { kind: "rate_limited", retryAfter: take.retryAfter };

  const id = randomUUID();
  if (!message) {
    logger.info("contact message discarded: honeypot field filled");
    return { kind: "discarded", id };
  }

  const { name, email, telephone, subject, nachricht } = message;
  await insertContactMessage(db, { id, createdAt: new Date(), name, email, telephone, subject, message: nachricht });
  if (env.SMTP_URL) {
    logger.info({ contactMessageId: id }, "contact message stored");
  } else {
    logger.warn({ contactMessageId: id }, "contact message stored but not sent: SMTP_URL is not set");
  }
  context.messageStored();
  return { kind: "stored", id };
}
