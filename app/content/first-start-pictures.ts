/**
 * The pictures the first start draws into the media folder (the demo state's hero and slides), with
 * their sizes. The content check on a fresh checkout, before any start, counts them as there: the
 * server would find them (issue 37 item 24). The seed draws them at these sizes, so the two agree.
 */
export const FIRST_START_PICTURES: ReadonlyMap<string, { width: number; height: number }> = new Map([
  ["static/products-hero.jpg", { width: 1600, height: 600 }],
  ...([1, 2, 3] as const).flatMap((index) => [
    [`static/slide-${index}-desktop.jpg`, { width: 1600, height: 640 }] as const,
    [`static/slide-${index}-mobile.jpg`, { width: 800, height: 1000 }] as const,
  ]),
]);

/** The size the first start draws `file` at; throws for a picture it does not draw (a seed mistake). */
export function firstStartSize(file: string): { width: number; height: number } {
  const size = FIRST_START_PICTURES.get(file);
  if (!size) throw new Error(`The first start draws no picture ${file}`);
  return size;
}
