import './ui/mantine-styles.ts';
import '@mantine/notifications/styles.css';
import './ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { initI18n } from './i18n/index.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Texts must be ready before the first render, or it would show raw keys.
await initI18n();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
