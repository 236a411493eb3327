import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client.ts';
import { sharedListener } from './shared-listener.ts';

/** A database whose subscriptions the test drives: announce, lose, count. */
function fakeDatabase() {
  const open = new Map<
    number,
    { channel: string; onMessage: (p: string) => void; onLost: () => void }
  >();
  let opened = 0;
  const database: Pick<DatabaseHandle, 'listen'> = {
    // eslint-disable-next-line @typescript-eslint/require-await -- the handle's shape
    async listen(channel, onMessage, onLost) {
      const id = ++opened;
      open.set(id, { channel, onMessage, onLost });
      // eslint-disable-next-line @typescript-eslint/require-await -- the handle's shape
      return async () => {
        open.delete(id);
      };
    },
  };
  const on = (channel: string) => [...open.values()].filter((s) => s.channel === channel);
  return {
    database,
    opened: () => opened,
    open: () => open.size,
    announce: (channel: string, payload: string) =>
      on(channel).forEach((s) => s.onMessage(payload)),
    lose: (channel: string) => on(channel).forEach((s) => s.onLost()),
  };
}

describe('a shared listener', () => {
  it('opens one subscription per channel, tells every follower, and ends with the last', async () => {
    const fake = fakeDatabase();
    const listener = sharedListener(fake.database);
    const heard: string[] = [];
    const [stopA, stopB, stopC] = await Promise.all([
      listener.listen(
        'records',
        (p) => heard.push(`a ${p}`),
        () => undefined,
      ),
      listener.listen(
        'records',
        (p) => heard.push(`b ${p}`),
        () => undefined,
      ),
      listener.listen(
        'sessions',
        (p) => heard.push(`c ${p}`),
        () => undefined,
      ),
    ]);
    expect(fake.opened()).toBe(2);
    fake.announce('records', '1');
    fake.announce('sessions', '2');
    expect(heard).toEqual(['a 1', 'b 1', 'c 2']);
    await stopA();
    fake.announce('records', '3');
    expect(heard.at(-1)).toBe('b 3');
    expect(fake.open()).toBe(2);
    await stopA();
    expect(fake.open()).toBe(2);
    await stopB();
    await stopC();
    expect(fake.open()).toBe(0);
  });

  it('tells every follower when the subscription is lost, and the next one opens anew', async () => {
    const fake = fakeDatabase();
    const listener = sharedListener(fake.database);
    let lost = 0;
    await listener.listen(
      'records',
      () => undefined,
      () => lost++,
    );
    await listener.listen(
      'records',
      () => undefined,
      () => lost++,
    );
    fake.lose('records');
    expect(lost).toBe(2);
    await listener.listen(
      'records',
      () => undefined,
      () => undefined,
    );
    expect(fake.opened()).toBe(2);
  });

  it('fails each follower whose subscription could not start, and tries again for the next', async () => {
    let attempts = 0;
    const listener = sharedListener({
      listen: () =>
        ++attempts === 1 ? Promise.reject(new Error('refused')) : Promise.resolve(async () => {}),
    });
    await expect(
      listener.listen(
        'records',
        () => undefined,
        () => undefined,
      ),
    ).rejects.toThrow('refused');
    await listener.listen(
      'records',
      () => undefined,
      () => undefined,
    );
    expect(attempts).toBe(2);
  });
});
