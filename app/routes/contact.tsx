import { useRef, useState } from "react";
import { useT } from "~/i18n/use-t";
import { useLang } from "~/i18n/use-lang";
import { data } from "react-router";
import { ToastRegion, useToasts } from "~/components/toast/toast";
import { CONTACT_MAX_BODY_BYTES, acceptContactMessage, contactRetryAfter } from "~/contact/accept-message.server";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_SUBJECT,
  type ContactErrorCode,
  MESSAGE_CHARS_SHOWN_FROM,
  type ContactField,
  type ContactFieldErrors,
  countWords,
  sanitizePhoneInput,
} from "~/contact/contact-fields";
import { readBodyCapped } from "~/contact/read-json-body.server";
import { brand } from "~/config/brand";
import { useRootData } from "~/hooks/use-root-data";
import { AppLink } from "~/navigation/app-link";
import { pageMeta } from "~/utils/page-meta";
import "~/contact/contact.css";
import type { Route } from "./+types/contact";

// The site's Referrer-Policy (strict-origin-when-cross-origin) lets a plain form post carry our
// Origin, which React Router's CSRF check needs; see server/security-headers.ts.
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("contact.title"), description: t("contact.intro") }));

/** Who answers: the company of content/brand.yaml (decision 060), as much of it as the card shows. */
export function loader({ context }: Route.LoaderArgs) {
  const { legalName, street, postalCode, city, phone, email } = context.content.get("brand").company;
  return { company: { legalName, street, postalCode, city, phone, email } };
}

type Values = Record<ContactField, string>;
const EMPTY: Values = { name: "", email: "", telephone: "", nachricht: "" };

interface FormErrors {
  summary: ContactErrorCode;
  fields: ContactFieldErrors;
}

type ActionResult =
  | { status: "sent" }
  | { status: "invalid"; values: Values; errors: FormErrors }
  | { status: "failed"; values: Values; retryAfter?: number };

const noStore = { "Cache-Control": "no-store" };

/**
 * The shared zod schema is about as much code as the rest of the page's own, so the browser fetches
 * it when the visitor starts on the form rather than with the page. Should it fail to load, the
 * message goes to the server unchecked: the server validates every message anyway.
 */
const loadSchema = () => import("~/contact/contact-schema");

/** A page answer to a form post carries the action's Retry-After and no-store along. */
export const headers: Route.HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const merged = new Headers(parentHeaders);
  for (const name of ["Retry-After", "Cache-Control", "Connection"]) {
    const value = actionHeaders.get(name);
    if (value) merged.set(name, value);
  }
  return merged;
};

/**
 * The form posted without JavaScript. It goes through the same accept function as the mailer
 * endpoint (validation, rate limit, outbox), and answers with the page: success and empty fields,
 * or the visitor's text with the errors.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const retryAfter = await contactRetryAfter(context);
  const contentType = request.headers.get("Content-Type") ?? "";
  const bytes = contentType.startsWith("application/x-www-form-urlencoded") ? await readBodyCapped(request, CONTACT_MAX_BODY_BYTES) : null;
  const form = new URLSearchParams(bytes ? new TextDecoder().decode(bytes) : "");
  const values: Values = { name: "", email: "", telephone: "", nachricht: "" };
  for (const field of CONTACT_FIELDS) values[field] = form.get(field) ?? "";

  if (retryAfter > 0) {
    return data<ActionResult>({ status: "failed", values, retryAfter }, { status: 429, headers: { "Retry-After": String(retryAfter), ...noStore } });
  }
  if (!bytes) {
    const status = contentType.startsWith("application/x-www-form-urlencoded") ? 413 : 415;
    return data<ActionResult>({ status: "failed", values }, { status, headers: { Connection: "close", ...noStore } });
  }

  const result = await acceptContactMessage(context, {
    ...values,
    subject: form.get("subject") ?? CONTACT_SUBJECT,
    website: form.get("website") ?? "",
  });
  switch (result.kind) {
    case "stored":
    case "discarded":
      return data<ActionResult>({ status: "sent" }, { headers: noStore });
    case "invalid":
      return data<ActionResult>(
        { status: "invalid", values, errors: { summary: result.summary, fields: result.fields } },
        { status: 400, headers: noStore },
      );
    case "rate_limited":
      return data<ActionResult>(
        { status: "failed", values, retryAfter: result.retryAfter },
        { status: 429, headers: { "Retry-After": String(result.retryAfter), ...noStore } },
      );
  }
}

const fieldId = (field: ContactField) => `contact-${field}`;
const errorId = (field: ContactField) => `contact-${field}-error`;
const SUMMARY_ID = "contact-error-summary";

function isFormErrorBody(body: unknown): body is { error: { fields: Record<string, { code: ContactErrorCode }> } } {
  const error = (body as { error?: { fields?: unknown } } | null)?.error;
  return typeof error?.fields === "object" && error.fields !== null;
}

/** Who answers, and the ways to reach them without the form. */
function CompanyContact({ company: c }: { company: Route.ComponentProps["loaderData"]["company"] }) {
  const t = useT();
  return (
    <aside className="contact-card" aria-labelledby="contact-card-heading">
      <h2 id="contact-card-heading">{t("contact.directHeading")}</h2>
      <address>
        <p>
          <strong>{c.legalName}</strong>
          <br />
          {c.street}
          <br />
          {c.postalCode} {c.city}
        </p>
        <p>
          {t("contact.phone")}: <a href={`tel:${c.phone.replace(/[^\d+]/g, "")}`}>{c.phone}</a>
          <br />
          {t("contact.email")}: <a href={`mailto:${c.email}`}>{c.email}</a>
        </p>
      </address>
    </aside>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { mailerBase } = useRootData();
  // Formatted with the page's language, not the machine's, so server and browser render alike.
  const formatNumber = (n: number) => new Intl.NumberFormat(lang).format(n);

  const [values, setValues] = useState<Values>(() => (actionData && actionData.status !== "sent" ? actionData.values : EMPTY));
  const [errors, setErrors] = useState<FormErrors | null>(() => (actionData?.status === "invalid" ? actionData.errors : null));
  const [sending, setSending] = useState(false);
  const failureText = (retryAfter?: number) =>
    retryAfter ? t("contact.rateLimited", { minutes: Math.max(1, Math.ceil(retryAfter / 60)) }) : t("contact.failed");
  const errorText = (code: ContactErrorCode) => t(`contact.errors.${code}`, { max: formatNumber(CONTACT_LIMITS.words) });
  /** A field's message: an over-long message names its character limit, the other fields stay generic. */
  const fieldErrorText = (field: ContactField | undefined, code: ContactErrorCode) =>
    field === "nachricht" && code === "tooLong" ? t("contact.messageTooLong", { max: formatNumber(CONTACT_LIMITS.nachricht) }) : errorText(code);
  /** The toast's words: those of the first field with the summary's error, so toast and field agree. */
  const summaryText = (found: { summary: ContactErrorCode; fields: ContactFieldErrors }) =>
    fieldErrorText(CONTACT_FIELDS.find((field) => found.fields[field] === found.summary), found.summary);
  const { toasts, show, dismiss } = useToasts(
    actionData?.status === "sent"
      ? [{ kind: "success", text: t("contact.sent") }]
      : actionData?.status === "failed"
        ? [{ kind: "error", text: failureText(actionData.retryAfter) }]
        : actionData?.status === "invalid"
          ? [{ kind: "error", text: summaryText(actionData.errors) }]
          : [],
  );
  // The toast of the last failed check (the first toast, when the server found the errors): a new
  // attempt replaces it rather than stacking the same words.
  const validationToast = useRef<number | null>(actionData?.status === "invalid" ? 1 : null);
  const clearValidationToast = () => {
    if (validationToast.current !== null) dismiss(validationToast.current);
    validationToast.current = null;
  };

  const words = countWords(values.nachricht);
  const chars = values.nachricht.length;
  const tooManyChars = chars > CONTACT_LIMITS.nachricht;
  const tooManyWords = words > CONTACT_LIMITS.words;

  const update = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: field === "telephone" ? sanitizePhoneInput(value) : value }));
  };

  const showErrors = (found: FormErrors) => {
    setErrors(found);
    // Specification section 8: validation messages are toasts. The same words stay at the form and
    // its fields (inline), where they outlast the toast and describe the fields to screen readers.
    clearValidationToast();
    validationToast.current = show("error", summaryText(found));
    const first = CONTACT_FIELDS.find((field) => found.fields[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    // With JavaScript the page posts JSON to the mailer (ours or the provider's); without, the
    // browser posts the form to this route's action.
    event.preventDefault();
    if (sending) return;
    const website = new FormData(event.currentTarget).get("website");
    const body = { ...values, subject: CONTACT_SUBJECT, website: typeof website === "string" ? website : "" };
    const validation = await loadSchema().then(
      (schema) => schema.validateContact(body),
      () => null,
    );
    if (validation && !validation.ok) {
      showErrors({ summary: validation.summary, fields: validation.fields });
      return;
    }
    setErrors(null);
    clearValidationToast();
    setSending(true);
    try {
      const response = await fetch(`${mailerBase || ""}/api/mailer/${brand.slug}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      if (response.ok) {
        setValues(EMPTY);
        show("success", t("contact.sent"));
        return;
      }
      const answer: unknown = await response.json().catch(() => null);
      if (response.status === 400 && isFormErrorBody(answer)) {
        const fields: ContactFieldErrors = {};
        for (const [field, error] of Object.entries(answer.error.fields)) fields[field as ContactField] = error.code;
        const summary = Object.values(fields).includes("required") ? "required" : (Object.values(fields)[0] ?? "invalid");
        showErrors({ summary, fields });
        return;
      }
      const retryAfter = response.status === 429 ? Number(response.headers.get("Retry-After")) || 600 : undefined;
      show("error", failureText(retryAfter));
    } catch {
      show("error", t("contact.failed"));
    } finally {
      setSending(false);
    }
  }

  const fieldError = (field: ContactField) => errors?.fields[field];
  // 'Enter all the fields' belongs to the whole form; so does anything no visible field can show.
  const shownAtField = CONTACT_FIELDS.some((field) => errors?.fields[field] && errors.fields[field] !== "required");
  const formLevel = errors && (errors.summary === "required" || !shownAtField) ? errors.summary : null;
  const describedBy = (field: ContactField, ...extra: string[]) => {
    const code = fieldError(field);
    const ids = [code === "required" ? SUMMARY_ID : code ? errorId(field) : null, ...extra].filter(Boolean);
    return ids.length > 0 ? ids.join(" ") : undefined;
  };
  const fieldMessage = (field: ContactField) => {
    const code = fieldError(field);
    return code && code !== "required" ? (
      <p id={errorId(field)} className="field__error">
        {fieldErrorText(field, code)}
      </p>
    ) : null;
  };

  /** What every field shares: its id, name, limit, value and error wiring. */
  const fieldProps = (field: ContactField, ...describedByExtra: string[]) => ({
    id: fieldId(field),
    name: field,
    // Not on the message: the browser would cut a long paste silently. Its hint counts the
    // characters as the text nears the limit, and the check names the limit.
    maxLength: field === "nachricht" ? undefined : CONTACT_LIMITS[field],
    required: true,
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => update(field, e.target.value),
    "aria-invalid": fieldError(field) ? true : undefined,
    "aria-describedby": describedBy(field, ...describedByExtra),
  });

  return (
    <div className="container section">
      <h1>{t("contact.heading")}</h1>
      <p className="lead">{t("contact.intro")}</p>
      {/* Fixed at the top with JavaScript; without, it stands here, above the form (toast.css). */}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
      <div className="contact-layout">
        <form
          className="contact-form"
          aria-label={t("contact.formTitle")}
          method="post"
          noValidate
          onSubmit={onSubmit}
          onFocus={() => void loadSchema().catch(() => {})}
        >
          {/* The form-level message, which the fields it concerns name as their description. Not a
              live region: the toast with the same words is the announcement, said once. */}
          <div id={SUMMARY_ID} className="form-error">
            {formLevel ? errorText(formLevel) : null}
          </div>
          <input type="hidden" name="subject" value={CONTACT_SUBJECT} />
          <div className="field">
            <label htmlFor={fieldId("name")}>{t("contact.name")}</label>
            <input {...fieldProps("name")} type="text" autoComplete="name" />
            {fieldMessage("name")}
          </div>
          <div className="field">
            <label htmlFor={fieldId("email")}>{t("contact.email")}</label>
            <input {...fieldProps("email")} type="email" autoComplete="email" />
            {fieldMessage("email")}
          </div>
          <div className="field">
            <label htmlFor={fieldId("telephone")}>{t("contact.phone")}</label>
            <input
              {...fieldProps("telephone", "contact-telephone-hint")}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              // Keystrokes that are not digits, spaces or + never reach the field; paste and
              // autofill are cleaned in onChange.
              onBeforeInput={(e) => {
                const typed = (e.nativeEvent as InputEvent).data;
                if (typed && /[^0-9 +]/.test(typed) && typed.length === 1) e.preventDefault();
              }}
            />
            <p id="contact-telephone-hint" className="field__hint">
              {t("contact.phoneHint")}
            </p>
            {fieldMessage("telephone")}
          </div>
          <div className="field">
            <label htmlFor={fieldId("nachricht")}>{t("contact.message")}</label>
            <textarea
              {...fieldProps("nachricht", "contact-nachricht-count")}
              rows={8}
              placeholder={t("contact.messagePlaceholder")}
              aria-invalid={fieldError("nachricht") || tooManyWords || tooManyChars ? true : undefined}
            />
            <p id="contact-nachricht-count" className="field__hint" data-over={tooManyWords || tooManyChars || undefined}>
              {t("contact.wordCount", { words: formatNumber(words), max: formatNumber(CONTACT_LIMITS.words) })}
              {chars >= MESSAGE_CHARS_SHOWN_FROM
                ? ` · ${t("contact.charCount", { chars: formatNumber(chars), max: formatNumber(CONTACT_LIMITS.nachricht) })}`
                : null}
            </p>
            {fieldMessage("nachricht")}
          </div>
          {/* Honeypot: people never see or reach it; bots that fill every field are answered but not stored. */}
          <div className="contact-form__trap" aria-hidden="true">
            <label htmlFor="contact-website">{t("contact.honeypot")}</label>
            <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <p className="contact-form__privacy">
            {t("contact.privacyNote")} <AppLink to="/datenschutz">{t("contact.privacyLink")}</AppLink>
          </p>
          <button type="submit" className="button" aria-disabled={sending || undefined}>
            {sending ? t("contact.sending") : t("contact.submit")}
          </button>
        </form>
        <CompanyContact company={loaderData.company} />
      </div>
    </div>
  );
}
