import type { RecallRow } from "~/db/schema";
import { recallId } from "~/exchange/recall-id";
import { cleanTitle } from "~/utils/article-rules";
import type { DemoArticle } from "./demo-data";

/*
 * Two realistic recall notices for the demo (issue 28), on articles the generator made: a batch of
 * rechargeable front lights whose battery can overheat while charging, and lock-on grips whose clamp
 * ring can crack. Chosen by kind, not by part number, so they follow the generator; the same seed
 * gives the same recalls. The texts follow what real bicycle-part recalls say.
 */

interface DemoRecallSpec {
  prodcat: string;
  /** Preferred words in the article's title; any article of the kind when none has them. */
  titleWords: string;
  published: string;
  batches: string[];
  title: [string, string];
  hazard: [string, string];
  remedy: [string, string];
}

const SPECS: readonly DemoRecallSpec[] = [
  {
    prodcat: "Frontlicht",
    titleWords: "Akku-Frontlicht",
    published: "2026-11-02",
    batches: ["2604-L17", "2605-L03", "2605-L11"],
    title: ["Akku kann beim Laden überhitzen", "Battery can overheat while charging"],
    hazard: [
      "Bei Leuchten der genannten Chargen kann ein fehlerhaftes Bauteil der Ladeelektronik dazu führen, dass der Akku beim Laden über USB-C überhitzt. Das Gehäuse kann schmelzen; es besteht Brand- und Verbrennungsgefahr.\n\nBisher sind uns drei Fälle bekannt, in denen Personen nicht verletzt wurden.",
      "In lights of the batches listed, a faulty part of the charging electronics can make the battery overheat while charging over USB-C. The housing can melt; there is a risk of fire and burns.\n\nWe know of three cases so far; nobody was injured.",
    ],
    remedy: [
      "Laden Sie die Leuchte nicht mehr. Die Chargennummer steht auf der Unterseite der Leuchte neben dem USB-C-Anschluss. Geben Sie betroffene Leuchten bei Ihrem Fachhändler ab oder schicken Sie sie uns portofrei: Sie erhalten kostenlos eine neue Leuchte oder den Kaufpreis zurück, auch ohne Kassenbon.",
      "Do not charge the light any more. The batch number is printed on the underside of the light next to the USB-C port. Take affected lights to your dealer or send them to us free of charge: you receive a new light or your money back, even without a receipt.",
    ],
  },
  {
    prodcat: "Lenkergriffe",
    titleWords: "Schraubgriffe",
    published: "2026-09-18",
    batches: ["2603-G22", "2604-G05"],
    title: ["Klemmring kann brechen, der Griff sich lösen", "Clamp ring can crack and the grip come loose"],
    hazard: [
      "Der Aluminium-Klemmring der genannten Chargen kann bei Kälte brechen. Der Griff kann sich dann während der Fahrt auf dem Lenker drehen oder abrutschen. Es besteht Sturz- und Verletzungsgefahr.",
      "The aluminium clamp ring of the batches listed can crack in cold weather. The grip can then turn on the handlebar or slip off while riding. There is a risk of falls and injuries.",
    ],
    remedy: [
      "Ihr Fachhändler tauscht die Klemmringe kostenlos gegen verstärkte Ringe aus; das dauert wenige Minuten. Die Chargennummer steht innen auf dem Klemmring.",
      "Your dealer replaces the clamp rings free of charge with reinforced ones; it takes a few minutes. The batch number is printed inside the clamp ring.",
    ],
  },
];

/** The demo's recall list, newest first, on articles of `articles` (none when no article of the kind exists). */
export function demoRecalls(articles: readonly DemoArticle[]): RecallRow[] {
  const byPartno = [...articles].sort((a, b) => a.partno.localeCompare(b.partno));
  return SPECS.flatMap((spec) => {
    const ofKind = byPartno.filter((a) => a.prodcatname_de === spec.prodcat);
    const article = ofKind.find((a) => cleanTitle(a.title_de).includes(spec.titleWords)) ?? ofKind[0];
    if (!article) return [];
    return [
      {
        id: recallId(article.partno, spec.published),
        partno: article.partno,
        gtin: article.eans[0] ?? null,
        batches: spec.batches.join("\n"),
        published: spec.published,
        title_de: `${cleanTitle(article.title_de)}: ${spec.title[0]}`,
        title_en: `${cleanTitle(article.title_en)}: ${spec.title[1]}`,
        hazard_de: spec.hazard[0],
        hazard_en: spec.hazard[1],
        remedy_de: spec.remedy[0],
        remedy_en: spec.remedy[1],
      },
    ];
  });
}
