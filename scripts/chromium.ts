/**
 * Debian's Chromium and the flags every headless run here needs: no sandbox as root, and none of
 * the background connections the closed network would refuse. Shared by the browser tests,
 * Lighthouse and the screenshot script.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
