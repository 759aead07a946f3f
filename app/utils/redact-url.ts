/** A URL as logs and error messages may show it: the password of `scheme://user:password@host` masked. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@\s]*@/i, "$1:***@");
}
