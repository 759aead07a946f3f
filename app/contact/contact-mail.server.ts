import type { SendMailOptions } from "nodemailer";
import type { ContactMessageRow } from "~/db/schema";
import type { Env } from "~/env.server";

export interface MailConfig {
  /** smtp:// or smtps:// URL, possibly with credentials: never log it. */
  smtpUrl: string;
  /** MAIL_FROM; null: the brand's e-mail address (content/brand.yaml) as it is when the mail is made. */
  from: string | null;
  /** MAIL_TO; null: the brand's e-mail address, as for `from`. */
  to: string | null;
}

/** What a contact mail names of the brand (content/brand.yaml, read live by the outbox): its name and e-mail address. */
export interface MailBrand {
  name: string;
  company: { email: string };
}

/** Delivery settings, or null when SMTP_URL is unset (messages are then stored, not sent). */
export function mailConfigFromEnv(env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "MAIL_TO">): MailConfig | null {
  if (!env.SMTP_URL) return null;
  return { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM || null, to: env.MAIL_TO || null };
}

/** Sender and recipient of the next mail: the configured ones, else the brand's e-mail address. */
export function mailAddresses(config: MailConfig, brand: MailBrand): { from: string; to: string } {
  return { from: config.from ?? brand.company.email, to: config.to ?? brand.company.email };
}

export interface SmtpConnectionOptions {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
  requireTLS?: boolean;
  ignoreTLS?: boolean;
  tls?: { rejectUnauthorized: boolean };
}

/**
 * SMTP_URL as nodemailer connection options. Parsed here because nodemailer, given a `url`,
 * drops every other option (pool, time-outs). Supported query flags: requireTLS, ignoreTLS,
 * rejectUnauthorized (e.g. `smtp://user:pass@mail.example.com:587?requireTLS=true`).
 */
export function smtpOptionsFromUrl(smtpUrl: string): SmtpConnectionOptions {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const flag = (name: string) => {
    const value = url.searchParams.get(name);
    return value === null ? undefined : /^(1|true|yes)$/i.test(value);
  };
  const rejectUnauthorized = flag("rejectUnauthorized");
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    ...(flag("requireTLS") !== undefined ? { requireTLS: flag("requireTLS") } : {}),
    ...(flag("ignoreTLS") !== undefined ? { ignoreTLS: flag("ignoreTLS") } : {}),
    ...(rejectUnauthorized !== undefined ? { tls: { rejectUnauthorized } } : {}),
  };
}

/** The SMTP host for logs, without user name or password. */
export function smtpHostForLog(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.protocol}//${url.host}`;
  } catch {
    return "(unparseable SMTP_URL)";
  }
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** One header line: control characters and line separators become spaces, length is capped. */
export function headerText(text: string, max = 200): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function domainOf(address: string): string {
  return /@([^\s>]+)>?\s*$/.exec(address)?.[1] ?? "localhost";
}

/**
 * The e-mail for one stored message. The visitor's data go only into address objects and the
 * subject, which nodemailer encodes, and through headerText first, so no input can add a header.
 * A stable Message-ID lets the receiving side recognise a repeat after a crash mid-delivery.
 */
export function buildContactMail(row: ContactMessageRow, config: MailConfig, brand: MailBrand): SendMailOptions {
  const { from, to } = mailAddresses(config, brand);
  const name = headerText(row.name, 100);
  const subject = headerText(`${row.subject || "Kontaktformular"}: ${name} (${brand.name} Website)`);
  const received = new Date(row.created_at);
  const when = received.toLocaleString("de-DE", { timeZone: "Europe/Berlin", dateStyle: "medium", timeStyle: "short" });
  const facts: [string, string][] = [
    ["Name", row.name],
    ["E-Mail", row.email],
    ["Telefon", row.telephone],
    ["Eingegangen", `${when} (Europe/Berlin)`],
    ["Nachrichten-ID", row.id],
  ];
  const text = [
    `Neue Nachricht über das Kontaktformular der ${brand.name} Website.`,
    "",
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
    row.message,
    "",
    "Antworten Sie direkt auf diese E-Mail, um dem Absender zu schreiben.",
  ].join("\n");
  const html = [
    "<!doctype html>",
    '<html lang="de"><body style="font-family: system-ui, sans-serif">',
    `<p>Neue Nachricht über das Kontaktformular der ${escapeHtml(brand.name)} Website.</p>`,
    "<table>",
    ...facts.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    "</table>",
    `<p style="white-space: pre-wrap">${escapeHtml(row.message)}</p>`,
    "<p><small>Antworten Sie direkt auf diese E-Mail, um dem Absender zu schreiben.</small></p>",
    "</body></html>",
  ].join("\n");
  return {
    from: { name: `${brand.name} Website`, address: from },
    to,
    replyTo: { name, address: row.email },
    subject,
    text,
    html,
    messageId: `<contact-${row.id}@${domainOf(from)}>`,
    date: received,
    // Envelope set explicitly: the visitor's address must never become a recipient.
    envelope: { from, to },
  };
}
