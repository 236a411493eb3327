// Short plain-language summaries (our own wording) for the data and content
// licences the deposit form offers for datasets. Earlier versions and
// national ports of a Creative Commons licence grant the same freedoms under
// the same conditions as its 4.0 version, so they share its summary.

const CC_SA_1 =
  'A retired Creative Commons licence that lets others copy, redistribute and adapt the work, provided adaptations are released under the same licence.';
const CC_PDDC =
  'A retired Creative Commons tool to certify that a work is in the public domain or to dedicate it there, so anyone may use it for any purpose without conditions.';
const CDLA_PERMISSIVE =
  'A permissive data licence that lets anyone use, modify and share the data, provided the licence text or a link to it is included when sharing.';
const LAL =
  'A copyleft licence for artworks that lets anyone copy, distribute and transform the work, provided the author is credited and derived works stay under the same licence.';
const NLOD =
  'Norway’s licence for open government data: allows copying, using, adapting and sharing the data for any purpose, including commercially, provided the source is credited.';
const OGL_UK =
  'The UK government’s open licence: allows copying, adapting and sharing the information for any purpose, including commercially, provided the source is acknowledged.';

export const DATA_DESCRIPTIONS: Record<string, string> = {
  'cc-sa-1.0': CC_SA_1,
  'cc-pddc': CC_PDDC,
  'cdla-permissive-1.0': CDLA_PERMISSIVE,
  'cdla-permissive-2.0': CDLA_PERMISSIVE,
  'cdla-sharing-1.0':
    'A copyleft data licence that lets anyone use, modify and share the data, provided shared data is kept under the same licence; results computed from the data are unrestricted.',
  'c-uda-1.0':
    'Allows using the data only for computational analysis, such as training models or text mining, and sharing the results of that analysis without restriction.',
  'o-uda-1.0':
    'Lets anyone use, modify and share the data for any purpose, provided the agreement accompanies shared data; results computed from the data are unrestricted.',
  'dl-de-by-2.0':
    'Germany’s open data licence: allows any use of the data, including commercial use and changes, provided the data provider is credited and the licence referenced.',
  'dl-de-zero-2.0':
    'Germany’s open data licence without conditions: allows any use of the data, including commercial use and changes, without even requiring credit.',
  'etalab-2.0':
    'The French government’s open licence: allows reusing, adapting and sharing the information for any purpose, including commercially, provided the source and its last update are credited.',
  'lal-1.2': LAL,
  'lal-1.3': LAL,
  'ncgl-uk-2.0':
    'A UK government licence that allows copying, adapting and sharing the information with credit to the source, but only for non-commercial purposes.',
  'nlod-1.0': NLOD,
  'nlod-2.0': NLOD,
  'ogdl-taiwan-1.0':
    'Taiwan’s licence for open government data: allows using, adapting and sharing the data for any purpose, including commercially, provided the source is credited.',
  'ogl-canada-2.0':
    'The Government of Canada’s open licence: allows copying, adapting and sharing the information for any purpose, including commercially, provided the source is acknowledged.',
  'ogl-uk-1.0': OGL_UK,
  'ogl-uk-2.0': OGL_UK,
  'ogl-uk-3.0': OGL_UK,
  'opl-uk-3.0':
    'The UK Parliament’s open licence: allows copying, adapting and sharing parliamentary information for any purpose, including commercially, provided the source is acknowledged.',
  'opubl-1.0':
    'An early open licence for documents that allows copying, changing and sharing them with a reference to the licence; authors may opt to forbid modified versions or print editions.',
};

/** The summary of a Creative Commons licence's family, taken from its 4.0 version. */
export function ccFamilyDescription(
  id: string,
  descriptions: Record<string, string>,
): string | undefined {
  const family = /^cc-(by(?:-nc)?(?:-nd|-sa)?)-\d/.exec(id);
  return family ? descriptions[`cc-${family[1]}-4.0`] : undefined;
}
