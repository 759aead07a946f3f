import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContactStub, contactStubData } from "./contact.stub";

/**
 * The page as the server renders it after the no-JavaScript form post: the action's answer
 * (app/routes/contact.tsx) arrives as the route's action data. With JavaScript the page posts to
 * the mailer instead: contact.submit.test.tsx.
 */
const page = (lang: "de" | "en", actionData: unknown) =>
  renderToString(<ContactStub initialEntries={["/contact"]} hydrationData={contactStubData(lang, actionData)} />);

const filled = { name: "Anna", email: "kaputt", telephone: "+49 561 1", nachricht: "Hallo" };

/** The opening tag of the element with this id. */
const tagOf = (html: string, id: string) => new RegExp(`<[a-z]+[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
const alerts = (html: string) => /role="alert"[^>]*>(.*?)<\/div><\/div>/.exec(html)?.[1] ?? "";
const status = (html: string) => /role="status"[^>]*>(.*?)<\/div><div/.exec(html)?.[1] ?? "";

describe("contact page after its action", () => {
  it("400, a field missing: 'all fields' at the form and as an alert, the empty field described by it, the text kept", () => {
    const html = page("en", { status: "invalid", values: { ...filled, name: "" }, errors: { summary: "required", fields: { name: "required" } } });
    expect(tagOf(html, "contact-error-summary")).toBeTruthy();
    expect(html).toMatch(/id="contact-error-summary"[^>]*>Enter all the fields</);
    expect(alerts(html)).toContain("Enter all the fields");
    expect(tagOf(html, "contact-name")).toContain('aria-invalid="true"');
    expect(tagOf(html, "contact-name")).toContain('aria-describedby="contact-error-summary"');
    expect(tagOf(html, "contact-email")).not.toContain("aria-invalid");
    expect(tagOf(html, "contact-email")).toContain('value="kaputt"');
    expect(html).not.toContain("contact-name-error");
  });

  it("400, a bad e-mail address: the message at the field, which names it; the form-level line stays empty", () => {
    const html = page("de", { status: "invalid", values: filled, errors: { summary: "email", fields: { email: "email" } } });
    expect(html).toMatch(/<div id="contact-error-summary" class="form-error"><\/div>/);
    expect(html).toMatch(/<p id="contact-email-error" class="field__error">Geben Sie eine gültige E-Mail-ID ein<\/p>/);
    expect(tagOf(html, "contact-email")).toContain('aria-invalid="true"');
    expect(tagOf(html, "contact-email")).toContain('aria-describedby="contact-email-error"');
    expect(alerts(html)).toContain("Geben Sie eine gültige E-Mail-ID ein");
  });

  it("400 for the message and the phone: each at its field, the word limit with the page's number format", () => {
    const html = page("de", {
      status: "invalid",
      values: filled,
      errors: { summary: "tooManyWords", fields: { nachricht: "tooManyWords", telephone: "phone" } },
    });
    expect(html).toContain('<p id="contact-nachricht-error" class="field__error">Ihre Nachricht ist zu lang: höchstens 5.000 Wörter</p>');
    expect(tagOf(html, "contact-nachricht")).toContain('aria-describedby="contact-nachricht-error contact-nachricht-count"');
    expect(html).toContain("Geben Sie eine gültige Telefonnummer ein");
    expect(tagOf(html, "contact-telephone")).toContain('aria-describedby="contact-telephone-error contact-telephone-hint"');
  });

  it("429: asks to wait the whole minutes of Retry-After, keeps the text, marks no field", () => {
    const html = page("en", { status: "failed", values: filled, retryAfter: 301 });
    expect(alerts(html)).toContain("Please try again in 6 minutes.");
    expect(html).toContain('value="Anna"');
    expect(html).toContain(">Hallo</textarea>");
    expect(html).not.toContain('aria-invalid="true"');
    // A few seconds still read as a minute.
    expect(alerts(page("de", { status: "failed", values: filled, retryAfter: 5 }))).toContain("Bitte versuchen Sie es in 1 Minuten erneut.");
  });

  it("413 or 415 (no Retry-After): the general failure, the text kept", () => {
    const html = page("en", { status: "failed", values: filled });
    expect(alerts(html)).toContain("Your message could not be sent. Please try again later – your text has been kept.");
    expect(html).toContain('value="Anna"');
  });

  it("sent: a polite status, no alert, empty fields", () => {
    const html = page("de", { status: "sent" });
    expect(status(html)).toContain("Ihre Nachricht wurde gesendet");
    expect(alerts(html)).toBe("");
    expect(tagOf(html, "contact-name")).toContain('value=""');
  });
});
