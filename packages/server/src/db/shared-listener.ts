import type { DatabaseHandle } from './client.ts';

type Listen = DatabaseHandle['listen'];

interface Follower {
  onMessage: (payload: string) => void;
  onLost: () => void;
}

interface Channel {
  followers: Set<Follower>;
  started: Promise<() => Promise<void>>;
}

/**
 * One subscription per channel, shared by everyone who follows it. On
 * PostgreSQL each subscription is a connection of its own, and an app server
 * follows the records' channel for several caches; shared, each announcement
 * also reaches them all in the same moment, so no cache can refill from
 * another that has not heard of it yet.
 */
export function sharedListener(database: Pick<DatabaseHandle, 'listen'>): {
  listen: Listen;
} {
  const channels = new Map<string, Channel>();

  function open(name: string): Channel {
    const followers = new Set<Follower>();
    const started = database.listen(
      name,
      (payload) => {
        for (const follower of [...followers]) follower.onMessage(payload);
      },
      () => {
        // Gone for good: whoever follows next opens a new subscription.
        if (channels.get(name) === channel) channels.delete(name);
        for (const follower of [...followers]) follower.onLost();
      },
    );
    const channel: Channel = { followers, started };
    channels.set(name, channel);
    started.catch(() => {
      if (channels.get(name) === channel) channels.delete(name);
    });
    return channel;
  }

  return {
    async listen(name, onMessage, onLost) {
      const channel = channels.get(name) ?? open(name);
      const follower: Follower = { onMessage, onLost };
      channel.followers.add(follower);
      let stop: () => Promise<void>;
      try {
        stop = await channel.started;
      } catch (error) {
        channel.followers.delete(follower);
        throw error;
      }
      return async () => {
        if (!channel.followers.delete(follower) || channel.followers.size > 0) return;
        if (channels.get(name) === channel) channels.delete(name);
        await stop();
      };
    },
  };
}
