/**
 * The server build's entry (Vite's SSR input, vite.config.ts): the routes come with it through
 * `virtual:react-router/server-build` (server/app.ts), so the server and the app share every module.
 * server/main.js starts it; tests and benchmarks serve it in their own process.
 */
export { start } from "./start";
export { createServer, SERVER_LIMITS, serverBuild } from "./app";
export { loadContexts } from "./load-context";
