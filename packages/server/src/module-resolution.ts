import { registerHooks, type ResolveFnOutput } from 'node:module';

/**
 * Packages whose package.json carries a very large `exports` map (drizzle-orm:
 * 179 KB). Node 24 parses that map again for every one of the package's files
 * it loads (the package scope lookup that decides a `.js` file's format spreads
 * the lazily parsed fields), and for every module of ours that imports the
 * package: some 800 parses of 179 KB at start, 0.5 s of CPU and garbage that
 * leaves the process 150 MB bigger for good.
 */
const HEAVY_PACKAGES = ['drizzle-orm'];

const inside = HEAVY_PACKAGES.map((name) => `/node_modules/${name}/`);
const isHeavy = (specifier: string) =>
  HEAVY_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/**
 * Resolves imports of those packages without the repeated parse: a relative
 * `.js` import between two of their ES modules is that package's ES module
 * (the packages are `"type": "module"`), and a bare import from our own code
 * resolves the same from every importer (one hoisted copy), so it is resolved
 * once. Everything else goes to Node's resolver unchanged.
 */
export function registerLeanResolution(): void {
  const resolved = new Map<string, ResolveFnOutput>();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL ?? '';
      if (
        specifier.startsWith('.') &&
        specifier.endsWith('.js') &&
        parent.endsWith('.js') &&
        inside.some((folder) => parent.includes(folder))
      ) {
        return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
      }
      if (!isHeavy(specifier) || parent.includes('/node_modules/')) {
        return nextResolve(specifier, context);
      }
      const key = `${specifier}\0${context.conditions.join(',')}`;
      let result = resolved.get(key);
      if (!result) {
        result = nextResolve(specifier, context);
        resolved.set(key, result);
      }
      return { ...result, shortCircuit: true };
    },
  });
}
