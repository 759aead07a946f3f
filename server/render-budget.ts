import type { RequestHandler } from "express";
import { type Lang, resolveLanguage } from "~/i18n/language";
import { type ErrorCode } from "~/utils/json-error.server";
import { TokenBuckets } from "~/utils/token-bucket";

/** The API's code for a 429, as the mailer and the click counter answer it. */
const TOO_MANY_REQUESTS: ErrorCode = "too_many_requests";

/**
 * The answer's text. Here, not in the locale modules: those are in every page's initial JavaScript,
 * and no page shows this text, the server answers it instead of rendering one.
 */
const TOO_MANY_RENDERS: Record<Lang, (seconds: number) => string> = {
  de: (seconds) => `Von Ihrer Adresse kamen in kurzer Zeit sehr viele Anfragen. Bitte versuchen Sie es in ${seconds} Sekunden erneut.`,
  en: (seconds) => `Your address sent very many requests in a short time. Please try again in ${seconds} seconds.`,
};

/**
 * Uncached renders one client may ask for (issue 25): `perMinute` a minute, as many at once. Mounted
 * after the page cache, so only requests that would render count (pages, searches, the JSON API,
 * React Router's data requests); stored answers and renders shared with another request are free.
 * More get 429 with `Retry-After`, without rendering. The client is `req.ip` (trust proxy applied).
 * 0 switches the budget off (the benchmarks and the test servers render thousands from one address).
 */
export function renderBudget(options: { perMinute: number; now?: () => number }): RequestHandler {
  if (options.perMinute === 0) return (_req, _res, next) => next();
  const budgets = new TokenBuckets(options.perMinute, options.now);
  return (req, res, next) => {
    const wait = budgets.take(req.ip ?? req.socket.remoteAddress ?? "");
    if (wait === 0) return next();
    res.status(429).set({ "Retry-After": String(wait), "Cache-Control": "no-store" });
    const { lang } = resolveLanguage(new URL(req.originalUrl, "http://x"), req.headers.cookie ?? null);
    const message = TOO_MANY_RENDERS[lang](wait);
    // The JSON API answers in its error shape; a page gets a page (not rendered: that is the point).
    if (/^\/(api|catalog)\//.test(req.path)) {
      res.json({ error: { code: TOO_MANY_REQUESTS, message } });
    } else {
      res.type("html").send(`<!doctype html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>429</title><p>${message}</p></html>`);
    }
  };
}
