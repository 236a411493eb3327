// `metadata.locations`: GeoJSON features as InvenioRDM stores them, each with
// a geometry (Point, MultiPoint or Polygon), a place, a description or identifiers.
import { checkEach, checkOptionalString, isAbsent, isObject, objectAt } from './field-checks.ts';
import { checkSchemeIdentifier } from './related-identifiers.ts';
import type { Report } from './report.ts';

type Position = unknown;

/** [longitude, latitude] or with an altitude, in degrees (RFC 7946 §3.1.1). */
function isPosition(value: Position): boolean {
  if (!Array.isArray(value) || value.length < 2 || value.length > 3) return false;
  if (!value.every((n) => typeof n === 'number' && Number.isFinite(n))) return false;
  const [lon, lat] = value as number[];
  return Math.abs(lon!) <= 180 && Math.abs(lat!) <= 90;
}

function isPositionList(value: unknown, min: number): value is Position[] {
  return Array.isArray(value) && value.length >= min && value.every(isPosition);
}

/** A closed ring of at least four positions, the last one the first again (RFC 7946 §3.1.6). */
function isLinearRing(value: unknown): boolean {
  if (!isPositionList(value, 4)) return false;
  const first = value[0] as number[];
  const last = value[value.length - 1] as number[];
  return first.length === last.length && first.every((n, i) => n === last[i]);
}

/** Whether a value is a GeoJSON geometry Arca takes. */
export function isGeometry(value: unknown): boolean {
  if (!isObject(value)) return false;
  const { type, coordinates } = value;
  if (type === 'Point') return isPosition(coordinates);
  if (type === 'MultiPoint') return isPositionList(coordinates, 1);
  if (type === 'Polygon') {
    return Array.isArray(coordinates) && coordinates.length > 0 && coordinates.every(isLinearRing);
  }
  return false;
}

function checkFeature(value: unknown, path: string, report: Report): void {
  const feature = objectAt(value, path, report);
  if (!feature) return;
  if (!isAbsent(feature.geometry) && !isGeometry(feature.geometry)) {
    report(`${path}.geometry`, 'invalidGeometry');
  }
  checkOptionalString(feature.place, `${path}.place`, report);
  checkOptionalString(feature.description, `${path}.description`, report);
  checkEach(feature.identifiers, `${path}.identifiers`, report, (item, itemPath) =>
    checkSchemeIdentifier(item, itemPath, report, null),
  );
}

export function checkLocations(value: unknown, path: string, report: Report): void {
  const locations = objectAt(value, path, report);
  if (locations) checkEach(locations.features, `${path}.features`, report, checkFeature);
}
