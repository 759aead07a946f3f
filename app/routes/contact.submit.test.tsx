// @vitest-environment happy-dom
import { flushSync } from "react-dom";
import { type Root, createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContactStub, contactStubData } from "./contact.stub";

/**
 * The page with JavaScript: the form posts JSON to the mailer endpoint, and the page turns its
 * answers (and a failed request) into toasts and field errors. fetch is stubbed with the answers
 * the server gives (tests/integration/contact-requests.test.ts checks that it gives them).
 */

let root: Root | null = null;
let container: HTMLElement;

afterEach(() => {
  root?.unmount();
  root = null;
  container.remove();
  vi.unstubAllGlobals();
});

const byId = <T extends HTMLElement>(id: string) => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is not on the page`);
  return element as T;
};

/** A visitor's typing: React's own change tracking sees the value only through the native setter. */
function type(id: string, value: string) {
  const field = byId<HTMLInputElement | HTMLTextAreaElement>(id);
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

const valid = { "contact-name": "Anna Beispiel", "contact-email": "anna@example.com", "contact-telephone": "+49 561 123456", "contact-nachricht": "Hallo" };

/** The contact page, filled in with a message the page's own check lets through. */
function openFilledForm(lang: "de" | "en", answer: () => Promise<Response>) {
  const fetch = vi.fn((_url: string, _init: RequestInit) => answer());
  vi.stubGlobal("fetch", fetch);
  container = document.body.appendChild(document.createElement("div"));
  root = createRoot(container);
  flushSync(() => root?.render(<ContactStub initialEntries={["/contact"]} hydrationData={contactStubData(lang)} />));
  for (const [id, value] of Object.entries(valid)) type(id, value);
  return fetch;
}

/** Sends the form and resolves with the toast the page shows for the answer. */
function submit(): Promise<{ kind: string; text: string }> {
  const shown = new Promise<{ kind: string; text: string }>((resolve) => {
    const observer = new MutationObserver(() => {
      const toast = container.querySelector<HTMLElement>(".toast");
      if (!toast) return;
      observer.disconnect();
      resolve({ kind: toast.dataset.kind ?? "", text: toast.querySelector(".toast__text")?.textContent ?? "" });
    });
    observer.observe(container, { childList: true, subtree: true, characterData: true });
  });
  byId<HTMLFormElement>("contact-name").form?.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
  return shown;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } }));
const badRequest = (fields: Record<string, string>) =>
  json(400, {
    error: {
      code: "bad_request",
      message: "x",
      fields: Object.fromEntries(Object.entries(fields).map(([field, code]) => [field, { code, message: "x" }])),
    },
  });

const valueOf = (id: string) => byId<HTMLInputElement>(id).value;

describe("contact form with JavaScript", () => {
  it("posts the message as JSON to the mailer; 202 is a polite success and empties the fields", async () => {
    const fetch = openFilledForm("de", () => json(202, { id: "x" }));
    expect(await submit()).toEqual({ kind: "success", text: "Ihre Nachricht wurde gesendet" });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/mailer/viva");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toMatchObject({ name: "Anna Beispiel", email: "anna@example.com", nachricht: "Hallo", website: "" });
    expect(container.querySelector('[role="status"] .toast')).not.toBeNull();
    expect(valueOf("contact-name")).toBe("");
  });

  it("400 with a field error the page's own check let pass: the message at that field, which gets the focus", async () => {
    openFilledForm("de", () => badRequest({ email: "email" }));
    expect(await submit()).toEqual({ kind: "error", text: "Geben Sie eine gültige E-Mail-ID ein" });
    const email = byId("contact-email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toBe("contact-email-error");
    expect(byId("contact-email-error").textContent).toBe("Geben Sie eine gültige E-Mail-ID ein");
    expect(byId("contact-error-summary").textContent).toBe("");
    expect(document.activeElement).toBe(email);
    expect(valueOf("contact-email")).toBe("anna@example.com");
  });

  it("400 with a missing field among others: 'all fields' first, at the form, naming the fields it concerns", async () => {
    openFilledForm("en", () => badRequest({ telephone: "phone", name: "required" }));
    expect(await submit()).toEqual({ kind: "error", text: "Enter all the fields" });
    expect(byId("contact-error-summary").textContent).toBe("Enter all the fields");
    expect(byId("contact-name").getAttribute("aria-describedby")).toBe("contact-error-summary");
    expect(byId("contact-telephone").getAttribute("aria-describedby")).toBe("contact-telephone-error contact-telephone-hint");
    // The first field in the form's order, not in the answer's.
    expect(document.activeElement).toBe(byId("contact-name"));
  });

  it("429: the wait from Retry-After in whole minutes, ten minutes without one; the text stays", async () => {
    openFilledForm("en", () => json(429, { error: { code: "too_many_requests", message: "x" } }, { "Retry-After": "90" }));
    expect(await submit()).toEqual({
      kind: "error",
      text: "You have sent many messages in a short time. Please try again in 2 minutes.",
    });
    expect(valueOf("contact-nachricht")).toBe("Hallo");
    root?.unmount();
    container.remove();

    openFilledForm("de", () => json(429, { error: { code: "too_many_requests", message: "x" } }));
    expect((await submit()).text).toContain("in 10 Minuten erneut");
  });

  it.each([
    ["500 with an error body", () => json(500, { error: { code: "internal", message: "x" } })],
    ["503 with no body", () => Promise.resolve(new Response("", { status: 503 }))],
    ["400 without field errors", () => json(400, { error: { code: "bad_request", message: "x" } })],
    ["no answer at all", () => Promise.reject(new TypeError("fetch failed"))],
  ])("%s: the general failure as an alert, no field marked, the text kept", async (_case, answer) => {
    openFilledForm("en", answer);
    expect(await submit()).toEqual({
      kind: "error",
      text: "Your message could not be sent. Please try again later – your text has been kept.",
    });
    expect(container.querySelector('[role="alert"] .toast')).not.toBeNull();
    expect(container.querySelector('[aria-invalid="true"]')).toBeNull();
    expect(valueOf("contact-name")).toBe("Anna Beispiel");
  });
});
