// Makes the database a new PGlite data dir starts from (src/db/pglite-template.ts):
// initialised, migrated, vocabularies loaded. `npm run build` runs it; it does
// nothing when the template of this schema and these vocabularies exists.
//   node packages/server/scripts/pglite-template.ts
import { openDatabase } from '../src/db/client.ts';
import { makePgliteTemplate } from '../src/db/pglite-template.ts';
import { loadVocabularies, vocabularyVersion } from '../src/vocabularies/loader.ts';

const started = performance.now();
const template = await makePgliteTemplate(await vocabularyVersion(), async (dataDir) => {
  const database = await openDatabase({ dataDir });
  await loadVocabularies(database.db);
  await database.close();
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
process.stdout.write(`PGlite template ready in ${seconds} s: ${template}\n`);
