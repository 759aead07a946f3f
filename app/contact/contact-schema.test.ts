import { describe, expect, it } from "vitest";
import { de } from "~/i18n/locales/de";
import { en } from "~/i18n/locales/en";
import { CONTACT_ERROR_CODES, CONTACT_ERROR_TEXT_EN, CONTACT_LIMITS, countWords, sanitizePhoneInput } from "./contact-fields";
import { longGermanMessage } from "~/../tests/support/long-message";
import { validateContact } from "./contact-schema";

const valid = { name: "Anna", email: "anna@example.com", telephone: "+49 561 1234", nachricht: "Hallo Welt" };

describe("validateContact", () => {
  it("accepts a complete message and fills in the fixed subject", () => {
    const result = validateContact(valid);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.message.subject).toBe("Kontaktformular");
  });

  it("reports 'all fields' first, for every empty field, before the e-mail check", () => {
    const result = validateContact({ ...valid, name: "  ", nachricht: "", email: "kaputt" });
    expect(result).toEqual({ ok: false, summary: "required", fields: { name: "required", nachricht: "required" } });
    expect(validateContact({})).toMatchObject({ summary: "required", fields: { name: "required", email: "required", telephone: "required", nachricht: "required" } });
  });

  it("then checks the e-mail format", () => {
    for (const email of ["kaputt", "a@b", "a b@example.com", "anna@example.com\r\nBcc: x@example.com"]) {
      expect(validateContact({ ...valid, email })).toMatchObject({ ok: false, summary: "email", fields: { email: "email" } });
    }
  });

  it("allows digits, spaces and one leading + in the phone number", () => {
    expect(validateContact({ ...valid, telephone: "0561 123 456" }).ok).toBe(true);
    for (const telephone of ["0561-123", "++49", "49+1", "abc", "+"]) {
      expect(validateContact({ ...valid, telephone })).toMatchObject({ ok: false, fields: { telephone: "phone" } });
    }
  });

  it("accepts 5000 words of long German words, and caps the characters well beyond them", () => {
    const message = longGermanMessage(5000);
    expect(message.length).toBeGreaterThan(55_000);
    expect(validateContact({ ...valid, nachricht: message }).ok).toBe(true);
    expect(validateContact({ ...valid, nachricht: "x".repeat(CONTACT_LIMITS.nachricht + 1) })).toMatchObject({ fields: { nachricht: "tooLong" } });
  });

  it("caps the message at 5000 words and every field's length", () => {
    expect(validateContact({ ...valid, nachricht: "wort ".repeat(5000) }).ok).toBe(true);
    expect(validateContact({ ...valid, nachricht: "wort ".repeat(5001) })).toMatchObject({ summary: "tooManyWords" });
    expect(validateContact({ ...valid, name: "x".repeat(201) })).toMatchObject({ fields: { name: "tooLong" } });
    expect(validateContact({ ...valid, email: `${"a".repeat(250)}@example.com` })).toMatchObject({ fields: { email: "tooLong" } });
    expect(validateContact({ ...valid, telephone: "1".repeat(31) })).toMatchObject({ fields: { telephone: "tooLong" } });
  });

  it("makes name and subject one line, so no input can end a mail header", () => {
    const result = validateContact({ ...valid, name: "Eve\r\nBcc: x@example.com", subject: "Hi\nX-Test: 1" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.message.name).toBe("Eve Bcc: x@example.com");
    expect(result.message.subject).toBe("Hi X-Test: 1");
  });

  it("keeps line breaks in the message, normalised to \\n", () => {
    const result = validateContact({ ...valid, nachricht: "eins\r\nzwei\rdrei\u0007" });
    expect(result.ok && result.message.nachricht).toBe("eins\nzwei\ndrei");
  });

  it("rejects what is not an object of strings", () => {
    expect(validateContact(null)).toMatchObject({ ok: false, summary: "invalid" });
    expect(validateContact(["a"])).toMatchObject({ ok: false, summary: "invalid" });
    expect(validateContact({ ...valid, name: 42 })).toMatchObject({ ok: false, summary: "required" });
  });
});

describe("helpers", () => {
  it("counts words separated by any whitespace", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("   ")).toBe(0);
    expect(countWords("eins zwei\n\ndrei\tvier ")).toBe(4);
  });

  it("keeps digits, spaces and a leading + of typed or pasted phone numbers", () => {
    expect(sanitizePhoneInput("+49 (561) 123-456")).toBe("+49 561 123456");
    expect(sanitizePhoneInput("abc0561")).toBe("0561");
    expect(sanitizePhoneInput("49+1")).toBe("491");
    expect(sanitizePhoneInput(" +1")).toBe("+1");
  });

  it("says the same rule for a phone number in the hint and in the error, and its example passes (issue 37)", () => {
    for (const texts of [de, en]) {
      const rule = texts.contact.phoneHint.replace(/\.$/, "");
      expect(texts.contact.errors.phone.toLowerCase()).toContain(rule.toLowerCase());
      const example = /\+[\d ]+\d/.exec(rule)?.[0] ?? "";
      expect(example).not.toBe("");
      const base = { name: "Anna", email: "anna@example.com", nachricht: "Hallo", subject: "Kontaktformular" };
      expect(validateContact({ ...base, telephone: example }).ok, example).toBe(true);
      // What the rule says is not allowed, the check refuses.
      expect(validateContact({ ...base, telephone: "0561/123456" }).ok).toBe(false);
    }
  });

  it("has a German and an English text for every error, matching the specification's wording", () => {
    for (const code of CONTACT_ERROR_CODES) {
      expect(de.contact.errors[code].length).toBeGreaterThan(5);
      expect(en.contact.errors[code].length).toBeGreaterThan(5);
    }
    expect(en.contact.errors.required).toBe(CONTACT_ERROR_TEXT_EN.required);
    expect(en.contact.errors.email).toBe(CONTACT_ERROR_TEXT_EN.email);
    expect(de.contact.errors.required).toBe("Füllen Sie alle Felder aus");
    expect(de.contact.errors.email).toBe("Geben Sie eine gültige E-Mail-ID ein");
    expect(en.contact.errors.phone).toBe(CONTACT_ERROR_TEXT_EN.phone);
    expect(de.contact.sent).toBe("Ihre Nachricht wurde gesendet");
    expect(en.contact.sent).toBe("Your message has been sent");
  });
});
