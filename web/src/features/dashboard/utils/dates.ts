const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A calendar day 'YYYY-MM-DD' as "Jan 1, 2026"; read as UTC so no time zone moves it to another day. */
export function formatDay(isoDay: string): string {
  const time = Date.parse(`${isoDay}T00:00:00Z`);
  return Number.isNaN(time) ? isoDay : day.format(time);
}

/** A stored timestamp in the visitor's own time: "Jan 1, 2026, 2:05 PM". */
export function formatMoment(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : moment.format(time);
}
