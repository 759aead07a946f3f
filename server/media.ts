import path from "node:path";
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from "express";

function jsonNotFound(res: express.Response, message: string) {
  res.status(404).json({ error: { code: "not_found", message } });
}

/**
 * Serves generated images and PDFs from DATA_DIR/media. Anything that tries to leave that folder
 * (`..`, encoded separators, NUL) is answered like a missing file: there is nothing to learn.
 */
export function mediaRouter(mediaDir: string, logger?: { warn: (fields: object, message: string) => void }): Router {
  const router = express.Router();
  const guard: RequestHandler = (req, res, next) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      jsonNotFound(res, "No such media file.");
      return;
    }
    if (decoded.includes("\0") || decoded.includes("\\") || decoded.split("/").some((segment) => segment === "..")) {
      jsonNotFound(res, "No such media file.");
      return;
    }
    next();
  };
  router.use(guard);
  router.use(
    express.static(path.resolve(mediaDir), {
      index: false,
      dotfiles: "deny",
      maxAge: "1d",
      fallthrough: true,
      // A PDF keeps its name when it is made again (the catalogue after an import, every document
      // after a brand.yaml edit, decision 061): asked again each time, answered 304 while unchanged.
      setHeaders: (res, file) => {
        if (file.endsWith(".pdf")) res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
      },
    }),
  );
  router.use((_req, res) => jsonNotFound(res, "No such media file."));
  // A file that cannot be read (its permissions, a disk error) is not there for a visitor: a 404
  // and one line in the log, never a 500 with a stack (issue 37).
  const unreadable: ErrorRequestHandler = (error: Error, req, res, next) => {
    if (res.headersSent) return next(error);
    logger?.warn({ file: req.path, reason: error.message.split("\n")[0] }, "media file could not be read");
    jsonNotFound(res, "No such media file.");
  };
  router.use(unreadable);
  return router;
}
