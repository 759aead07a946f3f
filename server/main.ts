/**
 * The one entry point. React and Express pick their development or production code from NODE_ENV
 * when they are first imported, so it is settled here before anything else is loaded.
 * `--dev` serves through Vite with hot reload.
 */
process.env.NODE_ENV ??= process.argv.includes("--dev") ? "development" : "production";

const { start } = await import("./start");
await start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
export {};
