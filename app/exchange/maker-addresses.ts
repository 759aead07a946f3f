import type { ArticleFieldValues } from "./article-fields";
import { electronicAddress } from "~/utils/manufacturer-data";
import type { Problems } from "./import-report";

/*
 * GPSR Art. 19 asks an article page for the postal and electronic address of a maker other than
 * the brand (issue 37). An article without them is imported all the same (its page names the
 * maker); the report says so once per maker, not once per article, so that a catalogue of one
 * supplier's hundred pumps reads as one thing to fix.
 */

type MakerFields = Pick<ArticleFieldValues, "manufacturer" | "manufacturer_address" | "manufacturer_email">;

interface Tally {
  line: number | null;
  noPostal: number;
  noElectronic: number;
}

/** "3 articles by X have no postal address of their maker", "1 article … has … of its maker". */
const lacking = (n: number, maker: string, what: string) =>
  n === 1 ? `1 article by ${maker} has no ${what} of its maker` : `${n.toLocaleString("en")} articles by ${maker} have no ${what} of their maker`;

export class UnaddressedMakers {
  private readonly makers = new Map<string, Tally>();

  /** Counts an article whose maker is not the brand and lacks an address; `line` of the first one is reported. */
  note(article: MakerFields, line: number | null): void {
    if (article.manufacturer === null) return;
    const noPostal = article.manufacturer_address === null;
    // Text that is neither an e-mail nor a web address reaches nobody: the page shows it without a link.
    const noElectronic = article.manufacturer_email === null || electronicAddress(article.manufacturer_email) === null;
    if (!noPostal && !noElectronic) return;
    const tally = this.makers.get(article.manufacturer) ?? { line, noPostal: 0, noElectronic: 0 };
    if (noPostal) tally.noPostal++;
    if (noElectronic) tally.noElectronic++;
    this.makers.set(article.manufacturer, tally);
  }

  /** One warning per maker, in the order they were first met. `how` says where the file gives the addresses. */
  report(problems: Problems, where: string, how: string): void {
    for (const [maker, { line, noPostal, noElectronic }] of this.makers) {
      const parts =
        noPostal === noElectronic
          ? [lacking(noPostal, maker, "postal or usable electronic address")]
          : [noPostal > 0 ? lacking(noPostal, maker, "postal address") : "", noElectronic > 0 ? lacking(noElectronic, maker, "usable electronic address (e-mail or web)") : ""];
      const missing = parts.filter((p) => p !== "").join("; ");
      const pages = Math.max(noPostal, noElectronic) === 1 ? "its page names" : "their pages name";
      problems.warn(line, where, `${missing} (GPSR Art. 19): ${pages} the maker only; ${how}`);
    }
  }
}
