import { createReadableStreamFromReadable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { type ServerBuild, createRequestHandler } from "react-router";
import { onceUntilFailure } from "~/utils/once-until-failure";
import type { LoadContextFor } from "./load-context";
import { refineAnswer } from "./refine-answer";
import type { ResponseCache } from "./response-cache";

export interface ReactRouterHandlerOptions {
  build: () => Promise<ServerBuild>;
  mode: "development" | "production";
  contextFor: LoadContextFor;
  /** Production: completes and stores what the page cache may keep (its middleware ran before). */
  cache: ResponseCache | null;
}

/**
 * The request's address as React Router sees it, from what Express read under "trust proxy"
 * (X-Forwarded-Proto and -Host only from a trusted proxy). A Host header is the client's to
 * choose: anything after its host and port is cut, so no header can make our links point elsewhere
 * or make the URL unparseable.
 */
export function requestUrlOf(req: ExpressRequest): URL {
  const host = (req.host ?? "").split(/[\\/?#@\s]/)[0] || "localhost";
  try {
    return new URL(`${req.protocol}://${host}${req.originalUrl}`);
  } catch {
    return new URL(`${req.protocol}://localhost${req.originalUrl}`);
  }
}

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i] as string, raw[i + 1] as string);
    } catch {
      // A value Node accepted but fetch's Headers refuses (a stray control character): left out.
    }
  }
  return headers;
}

/**
 * React Router as the last step of the Express chain. Our documents render into one buffer
 * (entry.server.tsx, decision 019), so the answer is taken whole and written once, which lets the
 * page cache store exactly what is sent. HEAD is rendered as GET (decided here and nowhere else), so
 * its status, length, type, validator and caching are the GET's; Node sends no body for a HEAD.
 */
export function reactRouterHandler({ build, mode, contextFor, cache }: ReactRouterHandlerOptions): RequestHandler {
  // React Router derives its route tables from a build given as a function on every request (so
  // that development sees edited routes); production's build never changes, so it is loaded once
  // and handed over as it is. Deriving per request cost a tenth of an uncached render (issue 15).
  const productionHandler = onceUntilFailure(() => build().then((loaded) => createRequestHandler(loaded, mode)));
  const handlerFor = () => (mode === "development" ? Promise.resolve(createRequestHandler(build, mode)) : productionHandler());
  return async (req, res, next) => {
    try {
      const handle = await handlerFor();
      const head = req.method === "HEAD";
      // From here on a HEAD is its GET for every step that looks, the compression middleware's
      // choice at header time included (the request log has already noted the real method).
      if (head) req.method = "GET";
      const controller = new AbortController();
      res.once("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const hasBody = req.method !== "GET";
      const request = new Request(requestUrlOf(req), {
        method: req.method,
        headers: headersOf(req),
        signal: controller.signal,
        ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
      });
      const context = contextFor({
        clientIp: req.ip ?? req.socket.remoteAddress ?? "",
        logger: req.log,
        head,
      });
      const response = refineAnswer(await handle(request, context), context.storeOutage.seen, req.method);
      res.status(response.status);
      // Express's res.set: a text type without a charset gets UTF-8, as for every other answer.
      for (const [name, value] of response.headers) if (name !== "set-cookie") res.set(name, value);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) res.append("Set-Cookie", cookies);
      const body = Buffer.from(await response.arrayBuffer());
      const kept = res.locals.pageCache;
      const out = cache && kept ? await cache.complete(req, res, body, kept) : body;
      if (out) res.end(out);
    } catch (error) {
      next(error);
    }
  };
}
