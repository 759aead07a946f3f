import { data } from "react-router";

/** Any address the site does not know: the error screen with a real 404. */
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
