import { parseArgs, type ParseArgsConfig } from "node:util";
import { EXIT } from "~/exchange/import-report";

type Options = NonNullable<ParseArgsConfig["options"]>;
const HELP = { help: { type: "boolean", short: "h", default: false } } as const;

/**
 * Arguments the way every script takes them: strict options, positionals, -h/--help. Gives the
 * parsed arguments, or the exit code when the script is done already: help printed (0), or a
 * usage error printed with the usage (2).
 */
export function parseCommandLine<const O extends Options>(argv: string[], options: O, usage: string) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { ...options, ...HELP } });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return EXIT.usage;
  }
  // The option types are generic here (a caller's); help is ours and always there.
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage);
    return EXIT.done;
  }
  return parsed;
}
