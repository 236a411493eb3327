import r from './test/fixtures/full-record.json' with { type: 'json' };
import { EXPORT_FORMATS } from './src/exports/formats.ts';
for (const f of EXPORT_FORMATS.slice(1)) { const o = f.serialize(r as any); console.log(typeof o === 'string' ? o : JSON.stringify(o, null, 1)); }
