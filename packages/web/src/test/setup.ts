import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { addEnglish } from '../i18n/english.ts';
import en from '../i18n/locales/en.json';

// What Mantine needs and jsdom lacks (Mantine's own test setup does the same).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};

// A shared CI machine can take more than the default second to render a page; a
// missing element still fails, only later.
configure({ asyncUtilTimeout: 5000 });

await initI18n();
// The built app adds some English sections with the pages that show them
// (english-areas.ts); components tested alone get them all.
addEnglish(en);

// Test files share their workers' modules (vitest.config.ts): what one file leaves
// in a module-level store (notifications shown, the language switched to, saved
// drafts) is cleared after each test, as a fresh page would have it.
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  const { notifications } = await import('@mantine/notifications');
  notifications.clean();
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((pair) => {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });
});
