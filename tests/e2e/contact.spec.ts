import AxeBuilder from "@axe-core/playwright";
import { type Page, expect, test } from "@playwright/test";
import { longGermanMessage } from "../support/long-message";
import { shippedBrand } from "../support/shipped-brand";

/** The company behind the brand, as the shipped content names it (content/brand.yaml). */
const { company } = shippedBrand();

/**
 * The contact form in both languages, with and without JavaScript. Successful sends are real: they
 * go through /api/mailer/viva into the e2e server's outbox (no SMTP there, so nothing is mailed).
 * The server needs a contact rate limit above the handful of sends per run (CONTACT_RATE_LIMIT).
 */

const texts = {
  de: {
    heading: "Nehmen Sie Kontakt mit uns auf",
    formTitle: "Kontaktformular",
    direct: "So erreichen Sie uns",
    privacyLink: "Mehr dazu in der Datenschutzerklärung",
    name: "Name",
    email: "E-Mail",
    phone: "Telefon",
    message: "Nachricht",
    submit: "Absenden",
    required: "Füllen Sie alle Felder aus",
    invalidEmail: "Geben Sie eine gültige E-Mail-ID ein",
    tooManyWords: "Ihre Nachricht ist zu lang: höchstens 5.000 Wörter",
    sent: "Ihre Nachricht wurde gesendet",
    failed: "Ihre Nachricht konnte nicht gesendet werden",
    count: (n: string) => `${n} von 5.000 Wörtern`,
    chars: (n: string) => `${n} von 80.000 Zeichen`,
    tooManyChars: "Ihre Nachricht ist zu lang: höchstens 80.000 Zeichen",
    placeholder: /maximal 5000 Wörter/,
  },
  en: {
    heading: "Get in touch",
    formTitle: "Contact form",
    direct: "How to reach us",
    privacyLink: "More in our privacy policy",
    name: "Name",
    email: "E-mail",
    phone: "Phone",
    message: "Message",
    submit: "Send",
    required: "Enter all the fields",
    invalidEmail: "Enter valid email id",
    tooManyWords: "Your message is too long: at most 5,000 words",
    sent: "Your message has been sent",
    failed: "Your message could not be sent",
    count: (n: string) => `${n} of 5,000 words`,
    chars: (n: string) => `${n} of 80,000 characters`,
    tooManyChars: "Your message is too long: at most 80,000 characters",
    placeholder: /maximum 5000 words/,
  },
} as const;

type Lang = keyof typeof texts;

function form(page: Page, lang: Lang) {
  const t = texts[lang];
  return {
    name: page.getByLabel(t.name, { exact: true }),
    email: page.getByLabel(t.email, { exact: true }),
    phone: page.getByLabel(t.phone, { exact: true }),
    message: page.getByLabel(t.message, { exact: true }),
    submit: page.getByRole("button", { name: t.submit }),
    summary: page.locator("#contact-error-summary"),
  };
}

async function open(page: Page, lang: Lang) {
  await page.goto(`/contact?lang=${lang}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts[lang].heading);
}

async function fillValid(page: Page, lang: Lang, name: string) {
  const f = form(page, lang);
  await f.name.fill(name);
  await f.email.fill("anna@example.com");
  await f.phone.fill("+49 561 123456");
  await f.message.fill("Guten Tag, ich suche eine passende Klingel für mein Rad.");
}

for (const lang of ["de", "en"] as const) {
  const t = texts[lang];

  test.describe(`contact form (${lang})`, () => {
    test("shows 'all fields' first, then the e-mail error, tied to the fields", async ({ page }) => {
      await open(page, lang);
      const f = form(page, lang);
      await expect(f.message).toHaveAttribute("placeholder", t.placeholder);

      await f.submit.click();
      await expect(f.summary).toHaveText(t.required);
      for (const field of [f.name, f.email, f.phone, f.message]) {
        await expect(field).toHaveAttribute("aria-invalid", "true");
        await expect(field).toHaveAccessibleDescription(new RegExp(t.required));
      }
      await expect(f.name).toBeFocused();

      // A bad e-mail with fields still empty: 'all fields' still comes first.
      await f.email.fill("kaputt");
      await f.submit.click();
      await expect(f.summary).toHaveText(t.required);
      await expect(page.getByText(t.invalidEmail)).toHaveCount(0);

      await f.name.fill("Anna");
      await f.phone.fill("0561 1");
      await f.message.fill("Hallo");
      await f.submit.click();
      await expect(f.summary).toHaveText("");
      await expect(f.email).toHaveAttribute("aria-invalid", "true");
      await expect(f.email).toHaveAccessibleDescription(t.invalidEmail);
      await expect(f.email).toBeFocused();
      await expect(f.name).not.toHaveAttribute("aria-invalid", "true");
    });

    test("validation messages are toasts at the top centre, and stay at the fields too", { tag: "@phone" }, async ({ page }) => {
      await open(page, lang);
      const f = form(page, lang);
      const toasts = page.locator(".toast-region .toast");
      await f.submit.click();
      await expect(toasts).toHaveCount(1);
      await expect(page.getByRole("alert").locator(".toast")).toContainText(t.required);
      await expect(f.summary).toHaveText(t.required);
      await expect(f.name).toHaveAccessibleDescription(new RegExp(t.required));
      const box = (await toasts.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(viewport.width * 0.25);
      expect(box.y).toBeLessThan(200);

      // A second failed attempt replaces the toast instead of stacking another.
      await fillValid(page, lang, "Toast");
      await f.email.fill("kaputt");
      await f.submit.click();
      await expect(toasts).toHaveCount(1);
      await expect(toasts).toContainText(t.invalidEmail);
      await expect(f.email).toHaveAccessibleDescription(t.invalidEmail);
    });

    test("names the company's address, phone and e-mail, and links the privacy policy by the form", async ({ page }) => {
      await open(page, lang);
      const c = company;
      const card = page.getByRole("complementary", { name: t.direct });
      await expect(card).toContainText(c.legalName);
      await expect(card).toContainText(c.street);
      await expect(card).toContainText(`${c.postalCode} ${c.city}`);
      await expect(card.locator('a[href^="tel:"]')).toHaveText(c.phone);
      await expect(card.locator(`a[href="mailto:${c.email}"]`)).toHaveText(c.email);
      const privacy = page.getByRole("form", { name: t.formTitle }).getByRole("link", { name: t.privacyLink });
      await expect(privacy).toHaveAttribute("href", "/datenschutz");
    });

    test("the phone field takes digits, spaces and a leading + only", async ({ page }) => {
      await open(page, lang);
      const { phone } = form(page, lang);
      await phone.pressSequentially("+49 (561) abc-12");
      await expect(phone).toHaveValue("+49 561 12");
      // Paste and autofill arrive as one change; they are cleaned the same way.
      await phone.fill("0561-98 76x");
      await expect(phone).toHaveValue("056198 76");
      await expect(phone).toHaveAttribute("inputmode", "tel");
    });

    test("counts words as you type and refuses more than 5000", async ({ page }) => {
      await open(page, lang);
      const f = form(page, lang);
      await f.message.pressSequentially("eins zwei  drei");
      await expect(page.locator("#contact-nachricht-count")).toHaveText(t.count("3"));
      await fillValid(page, lang, "Viele Worte");
      await f.message.fill("wort ".repeat(5001));
      await expect(page.locator("#contact-nachricht-count")).toHaveText(t.count(lang === "de" ? "5.001" : "5,001"));
      let posted = false;
      page.on("request", (request) => {
        if (request.url().includes("/api/mailer/")) posted = true;
      });
      await f.submit.click();
      await expect(f.message).toHaveAccessibleDescription(new RegExp(t.tooManyWords));
      expect(posted).toBe(false);
    });

    test("takes a pasted message of 5000 long words whole, and names the character limit before it is reached", async ({ page }) => {
      await open(page, lang);
      const f = form(page, lang);
      const long = longGermanMessage(5000);
      await f.message.fill(long);
      // Nothing cut: no maxlength on the textarea.
      expect(await f.message.evaluate((el: HTMLTextAreaElement) => el.value.length)).toBe(long.length);
      await expect(page.locator("#contact-nachricht-count")).not.toContainText(t.chars(""));
      const nearly = "x".repeat(75_000);
      await f.message.fill(nearly);
      await expect(page.locator("#contact-nachricht-count")).toContainText(t.chars(lang === "de" ? "75.000" : "75,000"));
      await fillValid(page, lang, "Zu lang");
      await f.message.fill(`${nearly} ${"y".repeat(5001)}`);
      expect(await f.message.evaluate((el: HTMLTextAreaElement) => el.value.length)).toBe(80_002);
      await expect(page.locator("#contact-nachricht-count")).toHaveAttribute("data-over", "true");
      await f.submit.click();
      await expect(f.message).toHaveAccessibleDescription(new RegExp(t.tooManyChars));
      // The toast says the same, not a generic "too long".
      await expect(page.locator(".toast-region .toast")).toContainText(t.tooManyChars);
    });

    test("success: stored by the server, toast for 5 seconds, fields cleared", { tag: "@phone" }, async ({ page }) => {
      await open(page, lang);
      await fillValid(page, lang, `E2E ${lang}`);
      const f = form(page, lang);
      const [response] = await Promise.all([page.waitForResponse((r) => r.url().includes("/api/mailer/viva")), f.submit.click()]);
      // 202 is only answered once the message is in the outbox (tests/integration/contact-delivery.test.ts).
      expect(response.status()).toBe(202);

      const toast = page.getByRole("status").getByText(t.sent);
      await expect(toast).toBeVisible();
      for (const field of [f.name, f.email, f.phone, f.message]) await expect(field).toHaveValue("");
      // Top centre of the viewport.
      const box = (await toast.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(viewport.width * 0.25);
      expect(box.y).toBeLessThan(200);
      await page.mouse.move(0, viewport.height - 1);
      await expect(toast).toBeHidden({ timeout: 7000 });
    });

    test("failure: error toast and the text stays", async ({ page }) => {
      await page.route("**/api/mailer/**", (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: '{"error":{"code":"internal","message":"x"}}' }),
      );
      await open(page, lang);
      await fillValid(page, lang, "Bleibt stehen");
      const f = form(page, lang);
      await f.submit.click();
      await expect(page.getByRole("alert").filter({ hasText: t.failed })).toBeVisible();
      await expect(f.name).toHaveValue("Bleibt stehen");
      await expect(f.email).toHaveValue("anna@example.com");
      await expect(f.phone).toHaveValue("+49 561 123456");
      await expect(f.message).toHaveValue(/passende Klingel/);

      await page.getByRole("button", { name: lang === "de" ? "Meldung schließen" : "Close message" }).click();
      await expect(page.getByText(t.failed)).toHaveCount(0);

      // A network failure (server gone) is handled the same way.
      await page.unroute("**/api/mailer/**");
      await page.route("**/api/mailer/**", (route) => route.abort("connectionrefused"));
      await f.submit.click();
      await expect(page.getByRole("alert").filter({ hasText: t.failed })).toBeVisible();
      await expect(f.name).toHaveValue("Bleibt stehen");
      await expect(f.message).toHaveValue(/passende Klingel/);
    });

    test("axe finds nothing with errors and a toast showing", async ({ page }) => {
      await page.route("**/api/mailer/**", (route) => route.fulfill({ status: 503, body: "" }));
      await open(page, lang);
      const f = form(page, lang);
      await f.submit.click();
      await fillValid(page, lang, "Axe");
      await f.email.fill("kaputt");
      await f.submit.click();
      await f.email.fill("anna@example.com");
      await f.submit.click();
      await expect(page.getByRole("alert").filter({ hasText: t.failed })).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  });

  test.describe(`contact form without JavaScript (${lang})`, () => {
    test.use({ javaScriptEnabled: false });

    test("posts the form: errors keep the values, success empties the fields", async ({ page }) => {
      await open(page, lang);
      const f = form(page, lang);
      await f.name.fill("Ohne Skript");
      await f.email.fill("kaputt");
      await f.phone.fill("0561 1");
      await f.message.fill("Hallo ohne JavaScript");
      const [invalid] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), f.submit.click()]);
      expect(invalid.status()).toBe(400);
      await expect(f.email).toHaveAttribute("aria-invalid", "true");
      await expect(f.email).toHaveAccessibleDescription(t.invalidEmail);
      await expect(page.getByRole("alert").locator(".toast")).toHaveText(new RegExp(t.invalidEmail));
      await expect(f.name).toHaveValue("Ohne Skript");
      await expect(f.message).toHaveValue("Hallo ohne JavaScript");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);

      await f.email.fill("anna@example.com");
      const [sent] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), f.submit.click()]);
      expect(sent.status()).toBe(200);
      await expect(page.getByRole("status").getByText(t.sent)).toBeVisible();
      for (const field of [f.name, f.email, f.phone, f.message]) await expect(field).toHaveValue("");
    });
  });
}
