import type { RecordJson } from '@arca/schema';
import { locationsOf } from './locations.ts';

// GeoJSON (RFC 7946): the record's locations as a FeatureCollection, each
// place, description and identifier in the feature's properties.

export function geoJson(record: RecordJson) {
  return {
    type: 'FeatureCollection',
    features: locationsOf(record).map((feature) => ({
      type: 'Feature',
      geometry: feature.geometry ?? null,
      properties: {
        ...(feature.place ? { place: feature.place } : {}),
        ...(feature.description ? { description: feature.description } : {}),
        ...(feature.identifiers?.length ? { identifiers: feature.identifiers } : {}),
      },
    })),
  };
}
