import type { TestProject } from 'vitest/node';
import { makePgliteTemplates, makePostgresTemplates } from './database-templates.ts';

/** Once per integration project: the template databases its tests copy (harness.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.ARCA_TEST_DB === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('ARCA_TEST_DB=postgres needs DATABASE_URL');
    const made = await makePostgresTemplates(url);
    project.provide('databaseTemplates', made.templates);
    return () => made.remove();
  }
  const made = await makePgliteTemplates();
  project.provide('databaseTemplates', made.templates);
  return () => Promise.resolve(made.remove());
}
