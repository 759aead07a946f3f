import { data } from "react-router";

/** Throw from a loader to show the error screen with a real status code. */
export function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export function badRequest(): never {
  throw data(null, { status: 400, statusText: "Bad Request" });
}
