/**
 * `npm run dealers -- token ID` / `npm run dealers -- revoke ID`: the push tokens of a dealer's
 * merchandise system (decision 055, docs/stock-interface.md). ID is the dealer's id in the dealer
 * list (the `id` column of `npm run import -- dealers`). A token is printed once and stored only
 * as its SHA-256: a lost token is revoked and replaced, never shown again.
 */
import { EXIT } from "~/exchange/import-report";
import { findDealerIdBySource } from "~/models/dealer.server";
import { createDealerToken, revokeDealerTokens } from "~/models/dealer-token.server";
import { parseCommandLine } from "./command-line";
import { withDatabase } from "./with-database";

const USAGE = `Usage:
  npm run dealers -- token ID    a new stock push token for the dealer (printed once; older tokens stay valid until revoked)
  npm run dealers -- revoke ID   revokes every token of the dealer

ID is the dealer's id in the dealer list. See docs/stock-interface.md.
Exit codes: 0 done, 1 no such dealer or the database cannot be read, 2 wrong usage.`;

async function main(): Promise<number> {
  const args = parseCommandLine(process.argv.slice(2), {}, USAGE);
  if (typeof args === "number") return args;
  const [command, id, ...rest] = args.positionals;
  const problem =
    command === undefined
      ? "Say what to do: token or revoke."
      : command !== "token" && command !== "revoke"
        ? `Unknown command "${command}": token or revoke.`
        : id === undefined || id.trim() === ""
          ? "Name the dealer's id."
          : rest.length > 0
            ? `Unexpected argument "${rest[0]}".`
            : null;
  if (problem || id === undefined) {
    console.error(`${problem}\n\n${USAGE}`);
    return EXIT.usage;
  }
  return withDatabase(async (db) => {
    const dealerId = await findDealerIdBySource(db, id.trim());
    if (dealerId === undefined) {
      console.error(`No dealer with the id "${id}" in the dealer list.`);
      return EXIT.errors;
    }
    const now = new Date();
    if (command === "token") {
      const token = await createDealerToken(db, dealerId, now);
      console.error(`A new push token for dealer ${id}. It is shown only this once: give it to the dealer's system now.`);
      console.log(token);
      return EXIT.done;
    }
    const revoked = await revokeDealerTokens(db, dealerId, now);
    console.log(revoked === 0 ? `Dealer ${id} had no active token.` : `Revoked ${revoked} ${revoked === 1 ? "token" : "tokens"} of dealer ${id}: pushes with ${revoked === 1 ? "it" : "them"} now get 401.`);
    return EXIT.done;
  });
}

process.exitCode = await main();
