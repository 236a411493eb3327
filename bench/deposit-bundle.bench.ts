// The JavaScript the deposit page (/uploads/new) loads before it can be used,
// gzipped: every script the browser fetches until the form is shown and the
// network is idle, each compressed with gzip -9 as a server would send it.
//   npm run build && node bench/deposit-bundle.bench.ts
import { gzipSync } from 'node:zlib';
import { launchChromium, loginPage } from './lib/browser.ts';
import { startArca } from './lib/servers.ts';

const budgetKb = 300;

const arca = await startArca(5900 + Math.floor(Math.random() * 100));
const browser = await launchChromium();
try {
  const login = await loginPage(browser, arca.url);
  // A fresh page with the session: nothing cached from the login page.
  const page = await login.context().newPage();
  await login.close();
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.set(response.url(), response.body());
  });
  await page.goto(`${arca.url}/uploads/new`, { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: 'Title', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');

  const rows: { name: string; raw: number; gzip: number }[] = [];
  for (const [url, body] of scripts) {
    const bytes = await body;
    rows.push({
      name: new URL(url).pathname,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
    });
  }
  rows.sort((a, b) => b.gzip - a.gzip);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const raw = rows.reduce((sum, row) => sum + row.raw, 0);
  console.log(`${rows.length} scripts loaded by /uploads/new`);
  console.log('');
  console.log('| script | raw KB | gzip KB |');
  console.log('| --- | ---: | ---: |');
  for (const row of rows.slice(0, Number(process.env.BENCH_ROWS ?? 12)))
    console.log(`| ${row.name} | ${kb(row.raw)} | ${kb(row.gzip)} |`);
  if (rows.length > Number(process.env.BENCH_ROWS ?? 12)) {
    const rest = rows.slice(Number(process.env.BENCH_ROWS ?? 12));
    console.log(
      `| ${rest.length} more | ${kb(rest.reduce((s, r) => s + r.raw, 0))} | ${kb(rest.reduce((s, r) => s + r.gzip, 0))} |`,
    );
  }
  console.log(`| **total** | ${kb(raw)} | **${kb(total)}** |`);
  console.log('');
  console.log(`budget: ${budgetKb} KB gzipped: ${total / 1024 < budgetKb ? 'met' : 'NOT met'}`);
  if (total / 1024 >= budgetKb) process.exitCode = 1;
} finally {
  await browser.close();
  await arca.close();
}
