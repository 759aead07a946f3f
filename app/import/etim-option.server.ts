import type { Problems } from "~/exchange/import-report";
import { EtimDictionaryError, loadEtimDictionary, type EtimDictionary } from "./etim-dictionary.server";

/**
 * The `--etim` files of a catalogue import, read before the catalogue: null without any; undefined
 * when one cannot be used, with the error recorded (the import then stops: exit 1, nothing changed).
 */
export async function readEtimOption(files: readonly string[] | undefined, problems: Problems, log: (line: string) => void): Promise<EtimDictionary | null | undefined> {
  if (!files || files.length === 0) return null;
  const started = performance.now();
  try {
    const dictionary = await loadEtimDictionary(files);
    log(`ETIM dictionary: ${dictionary.sources.join("; ")} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return dictionary;
  } catch (error) {
    if (!(error instanceof EtimDictionaryError)) throw error;
    problems.error(null, "--etim", `${error.message}: the catalogue was not read`);
    return undefined;
  }
}
