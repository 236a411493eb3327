// How long a keystroke in the deposit editor's title field takes, in Chromium,
// on a draft with 500 creators: the Event Timing API reports each key event's
// duration (from the key press to the next paint) and its processing time,
// and the page measures each keydown to the next animation frame.
//   npm run build && node bench/deposit-keystroke.bench.ts
// BENCH_CREATORS (default 500) and BENCH_KEYS (default 60) change the load.
import os from 'node:os';
import { apiPost, launchChromium, loginPage } from './lib/browser.ts';
import { startArca } from './lib/servers.ts';

const creatorCount = Number(process.env.BENCH_CREATORS ?? 500);
const keyCount = Number(process.env.BENCH_KEYS ?? 60);
const targetMs = 50;

function creators(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    person_or_org: {
      type: 'personal',
      family_name: `Family${index}`,
      given_name: `Given ${index}`,
    },
    affiliations: [{ name: `Institute ${index % 40}` }],
  }));
}

interface EventEntry {
  name: string;
  duration: number;
  processing: number;
}

const arca = await startArca(5800 + Math.floor(Math.random() * 100));
const browser = await launchChromium();
try {
  const page = await loginPage(browser, arca.url);
  const draft = await apiPost<{ id: string }>(page, arca.url, '/api/records', {
    metadata: { title: 'Keystroke benchmark', creators: creators(creatorCount) },
  });
  await page.goto(`${arca.url}/uploads/${draft.id}`);
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await title.waitFor();
  await page.getByText(`Family${creatorCount - 1}, Given ${creatorCount - 1}`).waitFor();
  const rows = await page.getByRole('button', { name: /^Edit Family/ }).count();

  // In-page code as text: the benchmark compiles without the DOM types.
  // Key events over 16 ms (the smallest Event Timing threshold), with their
  // duration to the next paint and their handlers' processing time.
  await page.evaluate(`
    window.keyEntries = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (['keydown', 'keypress', 'keyup', 'input', 'beforeinput'].includes(entry.name)) {
          window.keyEntries.push({
            name: entry.name,
            duration: entry.duration,
            processing: entry.processingEnd - entry.processingStart,
          });
        }
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  `);
  await title.click();
  // And each keydown to the next animation frame, measured in the page.
  await page.evaluate(`
    window.frameTimes = [];
    document.addEventListener('keydown', () => {
      const start = performance.now();
      requestAnimationFrame(() => setTimeout(() => window.frameTimes.push(performance.now() - start), 0));
    }, true);
  `);
  const text = 'Hourly soil moisture readings of the Lake Geneva basin, 2025';
  for (let index = 0; index < keyCount; index++) {
    await page.keyboard.type(text[index % text.length] ?? 'x', { delay: 0 });
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(500);
  const slowEvents = await page.evaluate<EventEntry[]>('window.keyEntries');
  const frameTimes = await page.evaluate<number[]>('window.frameTimes');
  if (process.env.BENCH_VERBOSE) console.log(frameTimes.map((time) => time.toFixed(0)).join(' '));
  const sorted = [...frameTimes].sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
  const worstEvent = Math.max(0, ...slowEvents.map((entry) => entry.duration));
  const worstProcessing = Math.max(0, ...slowEvents.map((entry) => entry.processing));

  console.log(`Chromium ${browser.version()}, ${os.cpus().length} CPUs, Node ${process.version}`);
  console.log(
    `draft with ${creatorCount} creators (${rows} rows shown), ${keyCount} keystrokes in the title`,
  );
  console.log('');
  console.log('| measure | value |');
  console.log('| --- | ---: |');
  console.log(`| keydown → next frame, median | ${at(0.5).toFixed(1)} ms |`);
  console.log(`| keydown → next frame, p95 | ${at(0.95).toFixed(1)} ms |`);
  console.log(`| keydown → next frame, max | ${at(1).toFixed(1)} ms |`);
  console.log(`| key events over 16 ms (Event Timing) | ${slowEvents.length} |`);
  console.log(`| worst event duration (Event Timing) | ${worstEvent.toFixed(0)} ms |`);
  console.log(`| worst handler processing (Event Timing) | ${worstProcessing.toFixed(1)} ms |`);
  // The cost our code adds is the handlers' processing; the latency also
  // holds the wait for a frame and whatever else the (shared) machine runs.
  const met = worstProcessing < targetMs && at(0.95) < targetMs;
  console.log('');
  console.log(
    `target: handler processing under ${targetMs} ms for every key event and keydown → frame p95 under ${targetMs} ms: ${met ? 'met' : 'NOT met'}`,
  );
  console.log(
    `load average during the run: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  if (!met) process.exitCode = 1;
} finally {
  await browser.close();
  await arca.close();
}
