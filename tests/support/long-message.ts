/**
 * A contact message of `words` German words as visitors write them about bicycle parts: long
 * compounds, umlauts, punctuation and paragraphs, about 14 characters a word with its space. A
 * visitor's message of 4,500 such words came to 50,000 characters.
 */
export function longGermanMessage(words: number): string {
  const vocabulary = ["Kettenschaltung", "Bremsbeläge", "Fahrradrahmen,", "Übersetzungsverhältnis", "und", "Gepäckträger", "Laufradsätze.", "Schutzbleche"];
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(vocabulary[i % vocabulary.length] + ((i + 1) % 120 === 0 ? "\n\n" : " "));
  return out.join("").trim();
}
