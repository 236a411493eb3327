/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { englishSections } from './english-sections.ts';
import { precompress } from './precompress.ts';

export default defineConfig({
  plugins: [react(), englishSections(), precompress()],
  build: {
    // The server serves this folder for every route outside /api.
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Mantine in one chunk: split per component it made some eighty small chunks
            // that compress worse apart (about 11 KB gzipped more for the deposit page).
            // Except the big components a single form uses: they stay with that form, not in
            // the chunk every page loads.
            {
              name: 'mantine',
              test: (id) =>
                /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui)[\\/]/.test(id) &&
                !/[\\/](ColorInput|ColorPicker|NumberInput|NumberFormatter)[\\/.]/.test(id),
            },
            // The API hooks in one chunk: apart, most were chunks under 1 KB, each costing
            // its own request and headers (the deposit page made 51 requests, 39 now).
            {
              name: 'api',
              test: /packages[\\/]web[\\/]src[\\/]api[\\/]/,
            },
            // Small helpers nearly every page shares: apart, each was a chunk of 300 to 900
            // bytes with its own request and headers.
            {
              name: 'common',
              test: /packages[\\/]web[\\/]src[\\/](ui[\\/](PageLoader|ErrorAlert|useDocumentTitle|useSiteName|theme|notify|errors)|auth[\\/]paths|i18n[\\/](format|english)|records[\\/]format)\./,
            },
            // Shared with pages other than the deposit's (the first load, other forms): taken
            // before the groups below, which would otherwise pull them in as dependencies.
            { name: 'messages', test: /packages[\\/]schema[\\/]src[\\/]messages\./, priority: 1 },
            {
              name: 'forms',
              test: /node_modules[\\/]react-hook-form[\\/]/,
              priority: 1,
              // Not React, which it imports: that stays in the chunk every page loads.
              includeDependenciesRecursively: false,
            },
            // The deposit page's own helpers that its lazy dialogs share: one chunk, not eight.
            {
              name: 'deposit',
              test: /packages[\\/]web[\\/]src[\\/](deposit[\\/](fields[\\/]field-error|serializer|files[\\/](upload-marks|chunk-size)|community[\\/]CurationPolicy)|communities[\\/]theme)\./,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:5000' },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 20_000,
  },
});
