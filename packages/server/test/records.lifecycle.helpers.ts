import { afterAll, beforeAll } from 'vitest';
import { buildUser, startTestApp, type TestApp, type TestClient } from './harness.ts';

// Shared by the record lifecycle test files; each file gets its own app through useAliceApp.
export let t: TestApp;
export let alice: TestClient;

/** Starts the app with one signed-in depositor, Alice Archer. */
export function useAliceApp() {
  beforeAll(async () => {
    t = await startTestApp({ vocabularies: true });
    const owner = await buildUser(t.services, { fullName: 'Alice Archer' });
    alice = t.client();
    await alice.login(owner.email);
  });
  afterAll(() => t.close());
}
