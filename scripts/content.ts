/**
 * `npm run content -- check [--json]`: every problem of the content folder (CONTENT_DIR) with
 * file:line, as the server would find it (syntax, schemas, pictures in MEDIA_DIR), and files there
 * the site does not read. Needs no database and no running server (decision 059).
 */
import { formatProblem } from "~/content/content-file";
import { checkContent } from "~/content/content-check.server";
import { EnvError, type Env, loadEnv } from "~/env.server";
import { EXIT } from "~/exchange/import-report";
import { parseCommandLine } from "./command-line";

const USAGE = `Usage:
  npm run content -- check [--json]

Checks every content file in CONTENT_DIR (default ./content): YAML and front matter, the fields
each file must have, and that every picture it names is in MEDIA_DIR. Prints one line per problem,
content/home.yaml:12: slides.0.image: …, or a one-line summary when there is none.

  --json   one JSON object: {"ok", "files", "problems": [{"file", "line", "message"}]}

Exit codes: 0 no problems, 1 problems (or the configuration is wrong), 2 wrong usage.`;

function main(): number {
  const args = parseCommandLine(process.argv.slice(2), { json: { type: "boolean", default: false } }, USAGE);
  if (typeof args === "number") return args;
  const [command, ...rest] = args.positionals;
  const problem =
    command === undefined ? "Say what to do: check." : command !== "check" ? `Unknown command "${command}": there is only check.` : rest.length > 0 ? `Unexpected argument "${rest[0]}".` : null;
  if (problem) {
    console.error(`${problem}\n\n${USAGE}`);
    return EXIT.usage;
  }
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      return EXIT.errors;
    }
    throw error;
  }
  const { problems, files } = checkContent({ dir: env.CONTENT_DIR_ABSOLUTE, mediaDir: env.MEDIA_DIR_ABSOLUTE });
  if (args.values.json) {
    process.stdout.write(`${JSON.stringify({ ok: problems.length === 0, files, problems })}\n`);
  } else if (problems.length > 0) {
    for (const line of problems) console.log(formatProblem(line));
    console.error(`${problems.length} ${problems.length === 1 ? "problem" : "problems"} in the content folder.`);
  } else {
    console.log(`Content OK: ${files} ${files === 1 ? "file" : "files"} checked, no problems.`);
  }
  return problems.length > 0 ? EXIT.errors : EXIT.done;
}

process.exitCode = main();
