const DAY_MINUTES = 1440;

/** Minutes after midnight as "HH:MM"; the end of a day stays "24:00". */
export function formatMinutes(minutes: number): string {
  if (minutes === DAY_MINUTES) return "24:00";
  const m = ((Math.floor(minutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}
