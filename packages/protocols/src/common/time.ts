/** Wall-clock date parts in a fixed UTC offset → UTC Date. Invalid parts give null. */
export function dateFromParts(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  offsetMinutes = 0,
): Date | null {
  const finite =
    Number.isFinite(year) &&
    Number.isFinite(month) &&
    Number.isFinite(day) &&
    Number.isFinite(hour) &&
    Number.isFinite(minute) &&
    Number.isFinite(second);
  if (!finite) return null;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000;
  return Number.isFinite(ms) ? new Date(ms) : null;
}
