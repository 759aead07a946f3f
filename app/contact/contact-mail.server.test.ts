import { describe, expect, it } from "vitest";
import type { ContactMessageRow } from "~/db/schema";
import { parseEnv } from "~/env.server";
import { shippedBrand } from "~/../tests/support/shipped-brand";
import { buildContactMail, escapeHtml, headerText, mailConfigFromEnv, smtpHostForLog, smtpOptionsFromUrl } from "./contact-mail.server";

const row: ContactMessageRow = {
  id: "0b6f5c1e-3c55-4a43-9a53-2a0d8d4a6f10",
  created_at: "2025-03-01T10:00:00.000Z",
  name: "Anna <b>",
  email: "anna@example.com",
  telephone: "+49 561 1",
  subject: "Kontaktformular",
  message: "<script>alert('x')</script>\nZeile 2",
  status: "pending",
  attempts: 0,
  last_error: null,
  next_attempt_at: null,
  sent_at: null,
  claimed_by: null,
  claimed_until: null,
  claims: 0,
};
const config = { smtpUrl: "smtp://user:secret@mail.example.com:587", from: "web@example.de", to: "inbox@example.de" };
const brand = shippedBrand();

describe("buildContactMail", () => {
  it("addresses the brand's inbox, replies to the visitor and names them in the subject", () => {
    const mail = buildContactMail(row, config, brand);
    expect(mail.to).toBe("inbox@example.de");
    expect(mail.envelope).toEqual({ from: "web@example.de", to: "inbox@example.de" });
    expect(mail.replyTo).toEqual({ name: "Anna <b>", address: "anna@example.com" });
    expect(mail.subject).toBe("Kontaktformular: Anna <b> (VIVA Website)");
    expect(mail.messageId).toBe(`<contact-${row.id}@example.de>`);
  });

  it("escapes the visitor's text in the HTML part and keeps it verbatim in the text part", () => {
    const mail = buildContactMail(row, config, brand);
    expect(mail.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    expect(mail.html).toContain("Anna &lt;b&gt;");
    expect(String(mail.html)).not.toContain("<script>");
    expect(mail.text).toContain("<script>alert('x')</script>\nZeile 2");
  });

  it("names the brand it is given, and sends from and to its e-mail address where MAIL_FROM and MAIL_TO are unset", () => {
    const other = { name: "ANDERE", company: { ...brand.company, legalName: "Andere Räder AG", email: "post@andere.example" } };
    const mail = buildContactMail(row, { smtpUrl: config.smtpUrl, from: null, to: null }, other);
    expect(mail.from).toEqual({ name: "ANDERE Website", address: "post@andere.example" });
    expect(mail.to).toBe("post@andere.example");
    expect(mail.envelope).toEqual({ from: "post@andere.example", to: "post@andere.example" });
    expect(mail.subject).toBe("Kontaktformular: Anna <b> (ANDERE Website)");
    expect(mail.text).toContain("Kontaktformular der ANDERE Website");
    expect(mail.messageId).toBe(`<contact-${row.id}@andere.example>`);
  });

  it("never lets a stored name with line breaks into a header", () => {
    const mail = buildContactMail({ ...row, name: "Eve\r\nBcc: x@example.com" }, config, brand);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect((mail.replyTo as { name: string }).name).toBe("Eve Bcc: x@example.com");
  });
});

describe("helpers", () => {
  it("escapes the five HTML characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });

  it("makes header text one capped line", () => {
    expect(headerText("a\r\nb\u2028c\td")).toBe("a b c d");
    expect(headerText("x".repeat(300)).length).toBe(200);
  });

  it("turns SMTP_URL into connection options, credentials decoded", () => {
    expect(smtpOptionsFromUrl("smtps://web%40example.de:p%3Ass@mail.example.com")).toEqual({
      host: "mail.example.com",
      port: 465,
      secure: true,
      auth: { user: "web@example.de", pass: "p:ss" },
    });
    expect(smtpOptionsFromUrl("smtp://127.0.0.1:2525?ignoreTLS=true&rejectUnauthorized=false")).toEqual({
      host: "127.0.0.1",
      port: 2525,
      secure: false,
      ignoreTLS: true,
      tls: { rejectUnauthorized: false },
    });
    expect(smtpOptionsFromUrl("smtp://mail.example.com").port).toBe(587);
  });

  it("logs the SMTP host without credentials", () => {
    expect(smtpHostForLog(config.smtpUrl)).toBe("smtp://mail.example.com:587");
  });
});

describe("configuration", () => {
  it("sends nothing without SMTP_URL and leaves sender and recipient to the brand's address at each mail", () => {
    expect(mailConfigFromEnv(parseEnv({}))).toBeNull();
    expect(mailConfigFromEnv(parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525" }))).toEqual({ smtpUrl: "smtp://127.0.0.1:2525", from: null, to: null });
    expect(mailConfigFromEnv(parseEnv({ SMTP_URL: "smtps://h", MAIL_FROM: "a@example.de", MAIL_TO: "b@example.de" }))).toMatchObject({
      from: "a@example.de",
      to: "b@example.de",
    });
  });

  it("checks the contact variables at start-up", () => {
    const env = parseEnv({});
    expect(env.CONTACT_RATE_LIMIT).toBe(5);
    expect(env.CONTACT_RETENTION_DAYS).toBe(180);
    expect(env.TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toBe("loopback, 10.0.0.0/8");
    expect(() => parseEnv({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ MAIL_TO: "not-an-address" })).toThrow(/MAIL_TO/);
    expect(() => parseEnv({ CONTACT_RATE_LIMIT: "0" })).toThrow(/CONTACT_RATE_LIMIT/);
    expect(() => parseEnv({ CONTACT_RETENTION_DAYS: "abc" })).toThrow(/CONTACT_RETENTION_DAYS/);
  });
});
