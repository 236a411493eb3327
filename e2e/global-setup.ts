import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed data directory holding the demo data, which each test's server copies. */
    demoDataDir: string;
  }
}

/**
 * Seeds the demo data once per run: each browser test's server starts from a
 * copy of this data directory instead of seeding its own (seconds per file).
 */
export default function setup(project: TestProject): () => void {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arca-e2e-demo-'));
  const seeding = spawnSync(
    process.execPath,
    [path.join(import.meta.dirname, 'demo-data-dir.ts'), dataDir],
    { stdio: 'inherit' },
  );
  if (seeding.status !== 0) throw new Error(`seeding the demo data failed (${seeding.status})`);
  project.provide('demoDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
