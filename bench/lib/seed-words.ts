// Word lists and a seeded random generator shared by the benchmark seeders:
// the same records on every run.

// 25 topics, one per record: a topic word (e.g. `glacier`) is in about 4% of the records.
export const TOPICS = [
  'soil',
  'glacier',
  'river',
  'forest',
  'coral',
  'wetland',
  'aerosol',
  'permafrost',
  'drought',
  'pollen',
  'plankton',
  'seismic',
  'groundwater',
  'snowpack',
  'sediment',
  'erosion',
  'lichen',
  'wildfire',
  'estuary',
  'ozone',
  'peatland',
  'moraine',
  'tundra',
  'mangrove',
  'dune',
];
export const MEASURES = [
  'moisture',
  'temperature',
  'chemistry',
  'survey',
  'samples',
  'observations',
  'model outputs',
  'time series',
  'imagery',
  'field notes',
];
export const PLACES = [
  'Lake Geneva',
  'Valais',
  'Engadin',
  'Jura',
  'Ticino',
  'Bernese Oberland',
  'Lake Constance',
  'Black Forest',
  'Dolomites',
  'Camargue',
  'Pyrenees',
  'Scottish Highlands',
  'Svalbard',
  'Lapland',
  'Danube delta',
  'Wadden Sea',
  'Carpathians',
  'Iceland',
  'Sierra Nevada',
  'Po valley',
];
export const DISCIPLINES = [
  'hydrology',
  'ecology',
  'geology',
  'climatology',
  'geography',
  'biology',
];
export const FAMILY_NAMES = [
  'Archer',
  'Baker',
  'Carberry',
  'Dubois',
  'Eriksen',
  'Fontana',
  'García',
  'Haas',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lambert',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quinn',
  'Rossi',
  'Schmid',
  'Tanaka',
  'Urquhart',
  'Varga',
  'Weber',
  'Xu',
  'Yilmaz',
  'Zimmermann',
  'Bianchi',
  'Costa',
  'Novak',
  'Meier',
];
export const GIVEN_NAMES = [
  'Alice',
  'Bruno',
  'Chloé',
  'David',
  'Elena',
  'Felix',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Katrin',
  'Luca',
  'Mia',
  'Noah',
  'Olga',
  'Paul',
  'Rosa',
  'Sven',
  'Tara',
  'Yann',
];
// Weights in percent: `software` is about 5% of the records.
export const RESOURCE_TYPES: [string, number][] = [
  ['dataset', 50],
  ['publication-article', 15],
  ['image-photo', 8],
  ['publication-report', 7],
  ['software', 5],
  ['poster', 5],
  ['presentation', 5],
  ['video', 3],
  ['model', 2],
];

/** The free-text word and the facet value the benchmark searches for. */
export const SEARCH_WORD = 'glacier';
export const FACET_TYPE = 'software';

/** mulberry32: the same records on every run. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
