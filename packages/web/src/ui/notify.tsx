import type { NotificationData } from '@mantine/notifications';
import { lazy, Suspense, useSyncExternalStore } from 'react';

// Few visits ever show a notification: Mantine's notification system (and its
// transitions) loads with the first one instead of with every page.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

let wanted = false;
const listeners = new Set<() => void>();

/** Shows a notification (the system loads first, the first time). */
export async function notify(notification: NotificationData): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const { notifications } = await import('@mantine/notifications');
  notifications.show(notification);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where notifications appear; empty until the first one is asked for. */
export function NotificationsHost() {
  const shown = useSyncExternalStore(subscribe, () => wanted);
  return shown ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}
