import { apiPost, launchChromium, loginPage } from './lib/browser.ts';
import { startArca } from './lib/servers.ts';
const arca = await startArca(5700 + Math.floor(Math.random() * 100));
const browser = await launchChromium();
try {
  const page = await loginPage(browser, arca.url);
  const creators = Array.from({ length: 500 }, (_, i) => ({
    person_or_org: { type: 'personal', family_name: `F${i}`, given_name: `G${i}` },
    affiliations: [{ name: `I ${i % 40}` }],
  }));
  const draft = await apiPost<{ id: string }>(page, arca.url, '/api/records', {
    metadata: { title: 'x', creators },
  });
  await page.goto(`${arca.url}/uploads/${draft.id}`);
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await page.getByText('F499, G499').waitFor();
  await title.click();
  await page.keyboard.type('ab');
  await page.waitForTimeout(500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  for (let i = 0; i < 10; i++) {
    await page.keyboard.type('c');
    await page.waitForTimeout(50);
  }
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<number, number>();
  for (const s of profile.samples ?? []) counts.set(s, (counts.get(s) ?? 0) + 1);
  for (const [id, c] of counts) {
    const n = byId.get(id)!;
    const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(k, (self.get(k) ?? 0) + c);
  }
  console.log(
    [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, v]) => `${(v * 0.1).toFixed(1)}ms ${k}`)
      .join('\n'),
  );
} finally {
  await browser.close();
  await arca.close();
}
