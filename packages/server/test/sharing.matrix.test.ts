import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { ACTORS, matrixSetup, type Expected, type Fixture } from './sharing.matrix.fixtures.ts';
import { ABILITY_URLS, ROWS, type AbilityObject } from './sharing.matrix.rows.ts';

/**
 * The permission matrix (STYLE.md §2): every sharing, file and quota endpoint,
 * and the record, draft and submission reads and writes they unlock, as every
 * kind of actor (sharing.matrix.fixtures.ts says what each column works on).
 * Each answer must agree with the abilities the server sends the same actor.
 */
// prettier-ignore
const MATRIX: Record<keyof typeof ROWS, Expected[]> = {
  //                               anon      strngr    owner     grView    grPrev    grEdit    grMng     group     lnView    lnPrev    lnEdit    lnExp     lnDel     lnUsed    lnBound   curator   reader    reviewer  admin
  'read record':                  [403,      403,      200,      200,      200,      200,      200,      200,      200,      200,      200,      403,      403,      403,      403,      200,      200,      403,      200],
  'compare versions':             [403,      403,      200,      200,      200,      200,      200,      200,      200,      200,      200,      403,      403,      403,      403,      200,      200,      403,      200],
  'search listing':               ['hidden', 'hidden', 'listed', 'listed', 'listed', 'listed', 'listed', 'listed', 'listed', 'listed', 'listed', 'hidden', 'hidden', 'hidden', 'hidden', 'listed', 'listed', 'hidden', 'listed'],
  'my uploads listing':           [403,      'hidden', 'listed', 'listed', 'listed', 'listed', 'listed', 'listed', 403,      403,      403,      403,      403,      403,      403,      'hidden', 'hidden', 'hidden', 'hidden'],
  'read draft':                   [403,      403,      200,      403,      200,      200,      200,      200,      403,      200,      200,      403,      403,      403,      403,      200,      403,      403,      200],
  'save draft':                   [403,      403,      200,      403,      403,      200,      200,      200,      403,      403,      200,      403,      403,      403,      403,      200,      403,      403,      200],
  'list record files':            [403,      403,      200,      200,      200,      200,      200,      200,      200,      200,      200,      403,      403,      403,      403,      200,      200,      403,      200],
  'read record file':             [403,      403,      200,      200,      200,      200,      200,      200,      200,      200,      200,      403,      403,      403,      403,      200,      200,      403,      200],
  'download record file':         [403,      403,      200,      200,      200,      200,      200,      200,      200,      200,      200,      403,      403,      403,      403,      200,      200,      403,      200],
  'download record archive':      [403,      403,      200,      200,      200,      200,      200,      200,      200,      200,      200,      403,      403,      403,      403,      200,      200,      403,      200],
  'list draft files':             [403,      403,      200,      403,      200,      200,      200,      200,      403,      200,      200,      403,      403,      403,      403,      200,      403,      403,      200],
  'read draft file':              [403,      403,      200,      403,      200,      200,      200,      200,      403,      200,      200,      403,      403,      403,      403,      200,      403,      403,      200],
  'download draft file':          [403,      403,      200,      403,      200,      200,      200,      200,      403,      200,      200,      403,      403,      403,      403,      200,      403,      403,      200],
  'download draft archive':       [403,      403,      200,      403,      200,      200,      200,      200,      403,      200,      200,      403,      403,      403,      403,      200,      403,      403,      200],
  'upload edit draft file':       [403,      403,      400,      403,      403,      400,      400,      400,      403,      403,      400,      403,      403,      403,      403,      400,      403,      403,      400],
  'delete edit draft file':       [403,      403,      400,      403,      403,      400,      400,      400,      403,      403,      400,      403,      403,      403,      403,      400,      403,      403,      400],
  'import files into edit draft': [403,      403,      400,      403,      403,      400,      400,      400,      403,      403,      400,      403,      403,      403,      403,      400,      403,      403,      400],
  'read quota':                   [403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      200],
  'set quota':                    [403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      200],
  'explain access':               [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'check a person':               [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'list links':                   [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'create link':                  [403,      403,      201,      403,      403,      403,      201,      403,      403,      403,      403,      403,      403,      403,      403,      201,      403,      403,      201],
  'read link':                    [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'read link uses':               [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'change link':                  [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'delete link':                  [403,      403,      204,      403,      403,      403,      204,      403,      403,      403,      403,      403,      403,      403,      403,      204,      403,      403,      204],
  'list grants':                  [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'create grants':                [403,      403,      201,      403,      403,      403,      201,      403,      403,      403,      403,      403,      403,      403,      403,      201,      403,      403,      201],
  'read grant':                   [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'change grant':                 [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'delete grant':                 [403,      403,      204,      403,      403,      403,      204,      403,      403,      403,      403,      403,      403,      403,      403,      204,      403,      403,      204],
  'list user grants':             [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'read user grant':              [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'change user grant':            [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'delete user grant':            [403,      403,      204,      403,      403,      403,      204,      403,      403,      403,      403,      403,      403,      403,      403,      204,      403,      403,      204],
  'list group grants':            [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'read group grant':             [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'change group grant':           [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'delete group grant':           [403,      403,      204,      403,      403,      403,      204,      403,      403,      403,      403,      403,      403,      403,      403,      204,      403,      403,      204],
  'access settings':              [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'edit':                         [403,      403,      201,      403,      403,      201,      201,      201,      403,      403,      201,      403,      403,      403,      403,      201,      403,      403,      201],
  'new version':                  [403,      403,      201,      403,      403,      201,      201,      201,      403,      403,      201,      403,      403,      403,      403,      201,      403,      403,      201],
  // Access requests, on a public record with restricted files shared the same way. Asking with
  // no address: a guest must give one (400); who reads the files already is refused (403).
  // Those who manage the record decide.
  'ask for access':               [400,      200,      403,      403,      403,      403,      403,      403,      403,      403,      403,      400,      400,      400,      400,      403,      403,      200,      403],
  'read access request':          [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      200],
  'accept access request':        [403,      403,      200,      403,      403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      200,      403,      403,      403],
  'read submission':              [403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      200,      200],
  'save submission':              [403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      200,      200],
  'list submission files':        [403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      200,      200],
  'read submission file':         [403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      200,      200],
  'download submission file':     [403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      200,      200],
  'download submission archive':  [403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      200,      200],
  'announce submission upload':   [403,      403,      201,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      201,      201],
  'upload submission content':    [403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      200,      200],
  'upload submission part':       [403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      200,      200],
  'commit submission file':       [403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      200,      200],
  'change submission file metadata': [403,      403,      200,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      200,      200],
  'delete submission file':       [403,      403,      204,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      204,      204],
  'delete all submission files':  [403,      403,      204,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      204,      204],
  'delete submission':            [403,      403,      400,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      403,      400],
  'publish':                      [403,      403,      202,      403,      403,      202,      202,      202,      403,      403,      202,      403,      403,      403,      403,      202,      403,      403,      202],
};

const REFUSED = new Set<Expected>([401, 403, 404, 'hidden']);
const succeeded = (result: Expected) =>
  result === 'listed' || (typeof result === 'number' && result >= 200 && result < 300);

/**
 * An ability agrees with an answer when a true one is never refused for lack of
 * permission (the state may still refuse: a review open, files of a published record)
 * and a false one never succeeds.
 */
const agrees = (ability: boolean, result: Expected) =>
  ability ? !REFUSED.has(result) : !succeeded(result);

let t: TestApp;
let fixtureFor: (kind: (typeof ACTORS)[number]) => Promise<Fixture>;

beforeAll(async () => {
  t = await startTestApp({ vocabularies: true });
  ({ fixtureFor } = await matrixSetup(t));
});
afterAll(() => t.close());

describe('permission matrix', () => {
  it('every row has one expected result per actor', () => {
    for (const [row, expected] of Object.entries(MATRIX)) {
      expect(expected.length, row).toBe(ACTORS.length);
    }
    expect(Object.keys(ROWS).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it('every actor gets the expected result in every row, and the abilities it was sent agree', async () => {
    const mismatches: string[] = [];
    const disagreements: string[] = [];
    let cells = 0;
    let compared = 0;
    for (const [column, kind] of ACTORS.entries()) {
      const fixture = await fixtureFor(kind);
      // Read before the rows run: they change what they work on (publishing ends the draft).
      const abilities = {} as Record<AbilityObject, Record<string, boolean>>;
      for (const [object, url] of Object.entries(ABILITY_URLS)) {
        abilities[object as AbilityObject] = await fixture.abilities(url(fixture));
      }
      for (const [row, definition] of Object.entries(ROWS)) {
        const actual = await definition.call(fixture);
        const expected = MATRIX[row as keyof typeof ROWS][column];
        cells += 1;
        if (actual !== expected) {
          mismatches.push(`${row} as ${kind}: expected ${expected}, got ${actual}`);
        }
        if ('ability' in definition) {
          const [object, name] = definition.ability;
          const sent = abilities[object];
          const ability = sent[name] ?? false;
          compared += 1;
          if (Object.keys(sent).length > 0 && !(name in sent)) {
            disagreements.push(`${row} as ${kind}: ${object}.${name} is not sent`);
          } else if (!agrees(ability, actual)) {
            disagreements.push(`${row} as ${kind}: ${object}.${name} is ${ability}, got ${actual}`);
          }
        }
      }
    }
    expect({ mismatches, disagreements }).toEqual({ mismatches: [], disagreements: [] });
    expect(cells).toBe(ACTORS.length * Object.keys(MATRIX).length);
    expect(compared).toBeGreaterThan(ACTORS.length * 40);
  }, 300_000);
});
