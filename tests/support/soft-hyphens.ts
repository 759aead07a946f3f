/**
 * HTML as a reader sees its words: the soft hyphens that catalogue names carry (decision 070) are
 * invisible unless a line breaks there, so a test that looks for a name's text leaves them out.
 */
export function withoutSoftHyphens(html: string): string {
  return html.replaceAll("\u00AD", "");
}
