// Calendar days as the player's clock has them ("2026-11-25"): the day's deal, its results
// and the stats all count by them.

/** `date` (the player's clock by default) as their calendar day: "2026-11-25". */
export function dayOf(date = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day before `day` ("2026-03-01" → "2026-02-28"). */
export function dayBefore(day) {
  const [y, m, d] = day.split('-').map(Number);
  return dayOf(new Date(y, m - 1, d - 1));
}

/** "25 November 2026" for "2026-11-25". */
export function dayName(day) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}
