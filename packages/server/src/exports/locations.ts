// `metadata.locations` as the exports read it: GeoJSON features (Point,
// MultiPoint, Polygon) with a place, a description and identifiers.

import type { RecordJson, SchemeIdentifier } from '@arca/schema';

export interface LocationFeature {
  geometry?: { type: 'Point' | 'MultiPoint' | 'Polygon'; coordinates: unknown };
  place?: string;
  description?: string;
  identifiers?: SchemeIdentifier[];
}

export function locationsOf(record: RecordJson): LocationFeature[] {
  const locations = record.metadata.locations as { features?: LocationFeature[] } | undefined;
  return locations?.features ?? [];
}

/** Every [longitude, latitude] of a geometry (a polygon's outer ring). */
export function positionsOf(feature: LocationFeature): [number, number][] {
  const { geometry } = feature;
  if (!geometry) return [];
  if (geometry.type === 'Point') return [geometry.coordinates as [number, number]];
  if (geometry.type === 'MultiPoint') return geometry.coordinates as [number, number][];
  return ((geometry.coordinates as [number, number][][])[0] ?? []).map(([x, y]) => [x, y]);
}

/** The place and its description on one line. */
export const placeName = (feature: LocationFeature): string =>
  [feature.place, feature.description].filter(Boolean).join(': ');

/** A DCMI Point or Box (dcmi.org/documents/dcmi-point, dcmi-box) of a location. */
export function dcmiSpatial(feature: LocationFeature): string | undefined {
  const positions = positionsOf(feature);
  const name = placeName(feature);
  const named = name ? `; name=${name}` : '';
  if (positions.length === 0) return name || undefined;
  if (feature.geometry?.type === 'Point') {
    const [east, north] = positions[0]!;
    return `east=${east}; north=${north}${named}`;
  }
  const xs = positions.map(([x]) => x);
  const ys = positions.map(([, y]) => y);
  return (
    `northlimit=${Math.max(...ys)}; southlimit=${Math.min(...ys)}; ` +
    `westlimit=${Math.min(...xs)}; eastlimit=${Math.max(...xs)}${named}`
  );
}
