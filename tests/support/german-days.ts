import { germanToday } from "~/exchange/retail-price";

export { germanToday };

/** The German day after `isoDate` (calendar arithmetic on the date alone). */
export function dayAfterGerman(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
