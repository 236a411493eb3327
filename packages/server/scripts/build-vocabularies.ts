// Regenerates the licences and languages vocabularies from their npm
// packages: `node packages/server/scripts/build-vocabularies.ts`.
// The other files in src/vocabularies/data are written by hand.
import { writeFileSync } from 'node:fs';
import spdx from 'spdx-license-list';
import { iso6393 } from 'iso-639-3';
import { DATA_DESCRIPTIONS, ccFamilyDescription } from './data-licence-descriptions.ts';

export const dataDir = new URL('../src/vocabularies/data/', import.meta.url);

export interface LicenseItem {
  id: string;
  title: { en: string };
  description?: { en: string };
  icon?: string;
  tags: string[];
  props: { url: string; scheme: 'spdx'; osi_approved: 'y' | '' };
}

export interface LanguageItem {
  id: string;
  title: { en: string };
  props: { alpha_2: string };
  tags: string[];
}

// The six the deposit form offers first (API.md §10).
const RECOMMENDED = [
  'cc-by-4.0',
  'cc-by-sa-4.0',
  'cc0-1.0',
  'apache-2.0',
  'mit',
  'gpl-3.0-or-later',
];

// Licences for data and content: Creative Commons, Open Data Commons, CDLA
// and the open-government data licences. Matched on the SPDX id.
const DATA =
  /^(cc-|cc0-|odc-by-|odbl-|pddl-|cdla-|c-uda-|o-uda-|dl-de-|nlod-|ogl-|ogdl-|ncgl-|opl-uk-|etalab-|opubl-|lal-)/;

// Software licences beyond the OSI-approved ones: the GNU and BSD/MIT
// families and other free-software licences in common use. CC0 too, as
// the FSF recommends it for dedicating code to the public domain.
const SOFTWARE =
  /^(a?gpl-|lgpl-|bsd-|0bsd$|mit($|-)|mitnfa$|apache-|artistic-|cecill-|eupl-|mpl-|epl-|cpl-|cddl-|zlib|libpng|isc$|x11|wtfpl$|unlicense$|bsl-|openssl$|python-|psf-|php-|ruby$|vim$|ijg$|ftl$|ncsa$|sleepycat$|ecl-|afl-|cc0-1\.0$)/;

// Short plain-language summaries (our own wording) for the licences people
// pick most and for every data licence; the rest go without a description.
const GPL3 =
  'A strong copyleft licence: anyone who distributes the software or a work based on it must';
const LGPL3 =
  'A weak copyleft licence for libraries: changes to the library itself must be shared under the LGPL';
const AGPL3 =
  'A strong copyleft licence like the GPL version 3 that also requires offering the source code to users who interact with a modified version over a network';
const DESCRIPTIONS: Record<string, string> = {
  'cc-by-4.0':
    'Lets others copy, redistribute, adapt and build on the work for any purpose, including commercially, as long as they give appropriate credit to the creator.',
  'cc-by-sa-4.0':
    'Lets others copy, redistribute and adapt the work for any purpose, including commercially, as long as they give credit and release their adaptations under the same or a compatible licence.',
  'cc-by-nc-4.0':
    'Lets others copy, redistribute and adapt the work with credit to the creator, but only for non-commercial purposes.',
  'cc-by-nd-4.0':
    'Lets others copy and redistribute the work for any purpose with credit to the creator, but not share adapted versions of it.',
  'cc-by-nc-sa-4.0':
    'Lets others copy, redistribute and adapt the work for non-commercial purposes only, with credit to the creator and with adaptations released under the same licence.',
  'cc-by-nc-nd-4.0':
    'Lets others copy and redistribute the unmodified work for non-commercial purposes only, with credit to the creator.',
  'cc0-1.0':
    'A public domain dedication: the creator waives all copyright and related rights as far as the law allows, so anyone may use the work for any purpose without conditions.',
  'cc-pdm-1.0':
    'A label for works already free of known copyright restrictions worldwide; it is not a licence and grants no rights itself.',
  'apache-2.0':
    'A permissive licence that allows use, modification and redistribution, requires keeping the copyright and licence notices and marking changed files, and includes an express patent grant from contributors.',
  mit: 'A short permissive licence that lets anyone use, copy, modify and distribute the work, including commercially, provided the copyright and permission notice is kept.',
  '0bsd':
    'A permissive licence that lets anyone use, copy, modify and distribute the work for any purpose without even requiring the copyright notice to be kept.',
  isc: 'A short permissive licence, functionally equivalent to the 2-clause BSD licence, that allows any use provided the copyright and permission notice is kept.',
  'bsd-2-clause':
    'A permissive licence allowing use, modification and redistribution in source or binary form, provided the copyright notice, the list of conditions and the disclaimer are retained.',
  'bsd-3-clause':
    'A permissive licence like the 2-clause BSD licence that additionally forbids using the names of the copyright holder or contributors to promote derived products without permission.',
  'mpl-2.0':
    'A weak copyleft licence applied file by file: modified MPL-covered files must stay available as source code under the MPL, but they may be combined with code under other licences in a larger work.',
  'eupl-1.2':
    'A copyleft licence from the European Commission, legally valid in all official EU languages, that requires distributed or online-provided derivative works to stay available as source code under the EUPL or a listed compatible licence.',
  unlicense:
    'A public domain dedication for software that waives all copyright, with a fallback permissive licence where waiving is not possible, so anyone may use the code for any purpose.',
  'gpl-3.0-only': `${GPL3} make the complete source code available under version 3 of the GPL.`,
  'gpl-3.0-or-later': `${GPL3} make the complete source code available under the GPL, version 3 or any later version.`,
  'gpl-2.0-only': `${GPL3} make the complete source code available under version 2 of the GPL.`,
  'gpl-2.0-or-later': `${GPL3} make the complete source code available under the GPL, version 2 or any later version.`,
  'lgpl-3.0-only': `${LGPL3} version 3, while software that only links to the library may be distributed under other terms.`,
  'lgpl-3.0-or-later': `${LGPL3} version 3 or later, while software that only links to the library may be distributed under other terms.`,
  'agpl-3.0-only': `${AGPL3}; version 3 only.`,
  'agpl-3.0-or-later': `${AGPL3}; version 3 or any later version.`,
  'odbl-1.0':
    'A share-alike licence for databases that allows sharing, adapting and building on the data, provided users give attribution and release adapted databases under the ODbL.',
  'odc-by-1.0':
    'A permissive licence for databases that allows sharing, adapting and building on the data for any purpose, provided users give attribution.',
  'pddl-1.0':
    'A public domain dedication for databases and their contents that waives all rights, so anyone may use the data for any purpose without conditions.',
};
Object.assign(DESCRIPTIONS, DATA_DESCRIPTIONS);
// Deprecated SPDX ids that mean the same as their "-only" successors.
for (const name of ['gpl-2.0', 'gpl-3.0', 'lgpl-3.0', 'agpl-3.0'])
  DESCRIPTIONS[name] = DESCRIPTIONS[`${name}-only`]!;

// Icon names of InvenioRDM's theme (static/icons/licenses/*.svg); only the
// CC families it ships an icon for get one.
function ccIcon(id: string): string | undefined {
  if (id.startsWith('cc0-')) return 'cc-cc0-icon';
  if (id === 'cc-pddc') return 'cc-pddc-icon';
  const family = /^cc-(by(?:-nc)?(?:-nd|-sa)?)-\d/.exec(id);
  return family ? `cc-${family[1]}-icon` : undefined;
}

export function buildLicenses(): LicenseItem[] {
  return Object.entries(spdx)
    .map(([spdxId, license]): LicenseItem => {
      const id = spdxId.toLowerCase();
      const description = DESCRIPTIONS[id] ?? ccFamilyDescription(id, DESCRIPTIONS);
      const icon = ccIcon(id);
      const tags = ['all'];
      if (RECOMMENDED.includes(id)) tags.unshift('recommended');
      if (DATA.test(id)) tags.push('data');
      if (license.osiApproved || SOFTWARE.test(id)) tags.push('software');
      return {
        id,
        // A few SPDX names carry runs of spaces ("Creative    Commons ...").
        title: { en: license.name.replace(/\s+/g, ' ').trim() },
        ...(description && { description: { en: description } }),
        ...(icon && { icon }),
        tags,
        props: {
          // Three SPDX entries have no URL; their SPDX page is the next best.
          url: license.url || `https://spdx.org/licenses/${spdxId}.html`,
          scheme: 'spdx',
          osi_approved: license.osiApproved ? 'y' : '',
        },
      };
    })
    .sort((a, b) => compare(a.id, b.id));
}

export function buildLanguages(): LanguageItem[] {
  return iso6393
    .map((language) => ({
      id: language.iso6393,
      title: { en: language.name },
      props: { alpha_2: language.iso6391 ?? '' },
      // Scope then type; the four special codes (und, mul, ...) are special/special.
      tags: [...new Set([language.scope, language.type])],
    }))
    .sort((a, b) => compare(a.id, b.id));
}

// Code-point order, so the output does not depend on the machine's locale.
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function serialize(items: unknown[]): string {
  return `${JSON.stringify(items, null, 2)}\n`;
}

if (import.meta.main) {
  for (const [file, items] of [
    ['licenses.json', buildLicenses()],
    ['languages.json', buildLanguages()],
  ] as const) {
    writeFileSync(new URL(file, dataDir), serialize(items));
    console.log(`${file}: ${items.length} items`);
  }
}
