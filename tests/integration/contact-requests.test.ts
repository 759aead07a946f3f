import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getContactMessage } from "~/models/contact-message.server";
import { CONTACT_MAX_BODY_BYTES } from "~/contact/accept-message.server";
import { longGermanMessage } from "../support/long-message";
import { accepted, post, row, server, setUpContactServer, valid } from "../support/contact-server";
import { type TestServer, startTestServer } from "../support/test-server";
import { testStore } from "../support/test-store";

/**
 * What the contact endpoint and the form without JavaScript accept and refuse, the rate limit and
 * the privacy page's statements, against the production build. Delivery: contact-delivery.test.ts.
 */

setUpContactServer();

describe("POST /api/mailer/{slug}: what it refuses", () => {
  const count = async () => Number((await server.db.selectFrom("contact_messages").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  async function expectError(response: Response, status: number, code: string) {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: { code: string; message: string; fields?: Record<string, { code: string }> } };
    expect(body.error.code).toBe(code);
    expect(body.error.message.length).toBeGreaterThan(5);
    return body.error;
  }

  it("answers 400 with field errors, 'all fields' before the e-mail check", async () => {
    const missing = await expectError(await post({ ...valid, name: " ", email: "nope" }), 400, "bad_request");
    expect(missing.message).toBe("Enter all the fields");
    expect(missing.fields).toEqual({ name: { code: "required", message: "Enter all the fields" } });

    const email = await expectError(await post({ ...valid, email: "nope@" }), 400, "bad_request");
    expect(email.message).toBe("Enter valid email id");
    expect(email.fields?.email?.code).toBe("email");

    const words = await expectError(await post({ ...valid, nachricht: "wort ".repeat(5001) }), 400, "bad_request");
    expect(words.fields?.nachricht?.code).toBe("tooManyWords");
    expect((await post({ ...valid, nachricht: "wort ".repeat(5000) })).status).toBe(202);

    const phone = await expectError(await post({ ...valid, telephone: "0561-abc" }), 400, "bad_request");
    expect(phone.fields?.telephone?.code).toBe("phone");

    const long = await expectError(await post({ ...valid, name: "x".repeat(201) }), 400, "bad_request");
    expect(long.fields?.name?.code).toBe("tooLong");

    const empty = await expectError(await post({}), 400, "bad_request");
    expect(Object.keys(empty.fields ?? {}).sort()).toEqual(["email", "nachricht", "name", "telephone"]);

    await expectError(await post(null, { raw: "{not json" }), 400, "bad_request");
    await expectError(await post(["a"]), 400, "bad_request");
  });

  it("accepts 5000 long German words, as JSON and as a form posted without JavaScript", async () => {
    const nachricht = longGermanMessage(5000);
    const id = await accepted({ ...valid, nachricht });
    expect((await row(id)).message).toBe(nachricht);
    const form = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...valid, nachricht, name: "Lange Nachricht", website: "" }).toString(),
    });
    expect(form.status).toBe(200);
    const stored = await server.db.selectFrom("contact_messages").select("message").where("name", "=", "Lange Nachricht").execute();
    expect(stored.map((r) => r.message)).toEqual([nachricht]);
    // The browser would cut a longer paste silently at a maxlength; the page names the limit instead.
    const page = await (await fetch(`${server.url}/contact`)).text();
    expect(page).toMatch(/<textarea(?![^>]*maxlength)[^>]*name="nachricht"/i);
  });

  it("answers 413 for a body over the limit, with or without Content-Length", async () => {
    const big = JSON.stringify({ ...valid, nachricht: "a".repeat(CONTACT_MAX_BODY_BYTES) });
    await expectError(await post(null, { raw: big }), 413, "payload_too_large");

    // Chunked: no Content-Length to trust, the stream is cut at the cap.
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i <= CONTACT_MAX_BODY_BYTES / 1024; i++) controller.enqueue(encoder.encode("a".repeat(1024)));
        controller.close();
      },
    });
    const chunked = await fetch(`${server.url}/api/mailer/viva`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    await expectError(chunked, 413, "payload_too_large");
  });

  it("answers 415 for anything but JSON, 404 for an unknown brand and 405 for other methods", async () => {
    await expectError(await post(null, { contentType: "text/plain", raw: JSON.stringify(valid) }), 415, "unsupported_media_type");
    await expectError(
      await post(null, { contentType: "application/x-www-form-urlencoded", raw: new URLSearchParams(valid).toString() }),
      415,
      "unsupported_media_type",
    );
    await expectError(await post(valid, { path: "/api/mailer/other-brand" }), 404, "not_found");
    const get = await fetch(`${server.url}/api/mailer/viva`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const put = await fetch(`${server.url}/api/mailer/viva`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: "{}" });
    // PUT reaches no route: the request guard answers it for the whole server.
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toContain("POST");
  });

  it("answers a filled honeypot with 202 but stores nothing", async () => {
    const before = await count();
    const response = await post({ ...valid, website: "https://spam.example" });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await getContactMessage(server.db, id)).toBeUndefined();
    expect(await count()).toBe(before);
  });
});

describe("rate limit", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ CONTACT_RATE_LIMIT: "2" });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("answers 429 with Retry-After once an address sent CONTACT_RATE_LIMIT messages in 10 minutes, for the API and the form", async () => {
    const send = () =>
      fetch(`${limited.url}/api/mailer/viva`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(valid) });
    expect((await send()).status).toBe(202);
    expect((await send()).status).toBe(202);
    const refused = await send();
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("too_many_requests");

    // The no-JavaScript form shares the limit and keeps the visitor's text.
    const form = await fetch(`${limited.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...valid, website: "" }).toString(),
    });
    expect(form.status).toBe(429);
    expect(form.headers.get("retry-after")).toBeTruthy();
    expect(await form.text()).toContain('value="Anna Beispiel"');
    expect(Number((await limited.db.selectFrom("contact_messages").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(2);
  });
});

describe("the contact page without JavaScript", () => {
  const postForm = (fields: Record<string, string>, query = "") =>
    fetch(`${server.url}/contact${query}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  it("stores a valid message and answers with the success message and empty fields", async () => {
    const response = await postForm({ ...valid, name: "Ohne Skript", website: "" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Ihre Nachricht wurde gesendet");
    expect(html).not.toContain("Ohne Skript");
    const stored = await server.db.selectFrom("contact_messages").select("id").where("name", "=", "Ohne Skript").execute();
    expect(stored).toHaveLength(1);
  });

  it("re-renders with the values and the errors (400), tied to their fields", async () => {
    const response = await postForm({ ...valid, nachricht: "", email: "kaputt", website: "" }, "?lang=en");
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter all the fields");
    expect(html).not.toContain("Enter valid email id");
    expect(html).toContain('value="kaputt"');
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="contact-error-summary/);

    const bad = await (await postForm({ ...valid, email: "kaputt", website: "" })).text();
    expect(bad).toContain("Geben Sie eine gültige E-Mail-ID ein");
    expect(bad).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="contact-email-error"/);
  });
});

describe("privacy page", () => {
  it("states the configured retention period and the transient use of the IP address", async () => {
    const html = await (await fetch(`${server.url}/datenschutz`)).text();
    expect(html).toMatch(/nach (<!-- -->)?180(<!-- -->)? (<!-- -->)?Tagen/);
    // One instance counts in memory; several over PostgreSQL count together in the database.
    expect(html).toContain(testStore() === "postgres" ? "nicht Ihre IP-Adresse, sondern einen mit einem geheimen Schlüssel" : "IP-Adresse nur vorübergehend im Arbeitsspeicher");
  });
});
