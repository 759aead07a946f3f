import { Writable } from "node:stream";

import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { addLanguage } from "~/i18n/i18n";
import { de } from "~/i18n/locales/de";
import { en } from "~/i18n/locales/en";
import { inlineScriptHashes } from "~/utils/inline-script-hashes.server";
import { isStoreUnavailable, storeErrorSummary } from "~/db/store-unavailable.server";

// The server renders every language, so it holds all texts from the start; the browser loads only
// the one it shows (app/i18n/i18n.ts).
addLanguage("de", de);
addLanguage("en", en);

export const streamTimeout = 5_000;

/**
 * Renders the whole document into one buffer before answering. Nothing on our pages suspends on
 * the server (the map and the consent banner render only in the browser), so the shell is the whole
 * page and streaming it would send the same bytes through three stream layers for nothing: one
 * buffer costs less CPU per page (decision 019), and a render error found anywhere in the document
 * can still change the status. Crawlers and visitors get the same complete answer.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A route answered something that is no page (decision 064): that answer, as it is.
  if (loadContext.ownAnswer.response) return loadContext.ownAnswer.response;
  // A loader or action found the store away (handleError noted it): an outage, not a bug. Thrown as
  // a Response, React Router renders the root's error screen once more with its status, and the
  // status reaches the browser's copy of the page too (a plain error arrives there as a 500).
  // server/react-router-handler.ts adds the Retry-After.
  if (loadContext.storeOutage.seen && responseStatusCode === 500) {
    throw new Response(null, { status: 503, statusText: "Service Unavailable" });
  }
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellFailed = false;
    const chunks: Uint8Array[] = [];
    const document = new Writable({
      write(chunk: Uint8Array, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        const html = Buffer.concat(chunks);
        responseHeaders.set("Content-Security-Policy", loadContext.contentSecurityPolicy(inlineScriptHashes(html)));
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        pipe(document);
      },
      onShellError(error: unknown) {
        shellFailed = true;
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // React reports a shell error here first and then to onShellError, in the same turn: that one
        // rejects and handleDocumentRequest logs it. An error inside a boundary is only reported here.
        queueMicrotask(() => {
          if (!shellFailed) loadContext.logger.error({ err: error, url: request.url }, "render failed inside a boundary");
        });
      },
    });
    // Something that never settles must not hold the request (and its memory) for ever.
    const timeoutId = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * Failures in loaders, actions and rendering go to the structured server log with the request, so
 * nothing is only visible in a browser console. Aborted requests (the visitor left) are not errors;
 * neither is a request React Router refused (a POST where no action is, 405: its request line is the
 * warning), nor the store being away, which makes the answer a 503 (one warning per request, no stack:
 * an outage would otherwise write thousands of stack traces). The logger's serializers blank what a
 * visitor typed into the URL.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // The 503 handleRequest throws for an outage: its cause is already logged.
  if (request.signal.aborted || error instanceof Response) return;
  const { logger, storeOutage } = context as Partial<AppLoadContext>;
  const where = { method: request.method, url: request.url };
  if (isStoreUnavailable(error)) {
    if (storeOutage) storeOutage.seen = true;
    logger?.warn({ ...where, store: storeErrorSummary(error) }, "store unavailable");
    return;
  }
  // The request's own line (a warning, server/logger.ts levelFor) has the status; one line is enough.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger?.debug({ ...where, status: error.status }, "request refused");
    return;
  }
  const entry = { err: error, ...where };
  if (logger) logger.error(entry, "request handler failed");
  else console.error(entry);
};
