// `npm start`: the resolver is set up before the first import of the server's modules.
import { registerLeanResolution } from './module-resolution.ts';

registerLeanResolution();
await import('./serve.ts');
