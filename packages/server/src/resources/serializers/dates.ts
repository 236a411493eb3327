/** InvenioRDM's timestamp form: ISO 8601 with an explicit +00:00 offset. */
export function isoDate(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}
