import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startE2EServer, type E2EServer } from './server.ts';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  server = await startE2EServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a community review in the browser', () => {
  it('carol finds alice’s submission, discusses it and accepts it; the record is published', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill('carol@demo.arca');
    await page.getByLabel('Password').fill('arca-demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: /Carol Curator/ }).click();
    await page.getByRole('menuitem', { name: 'Requests' }).click();
    await page.getByRole('link', { name: 'River temperature logs, spring 2026' }).click();

    await page.getByText('Ready for review, thank you!').waitFor();
    await page.getByLabel('Add a comment').fill('Which gauges exactly?');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    await page.getByText('Which gauges exactly?').waitFor();

    await page.getByLabel('Comment with your decision (optional)').fill('Welcome to Demo Lab.');
    await page.getByRole('button', { name: 'Accept and publish' }).click();
    await page.getByRole('link', { name: 'View the record' }).waitFor();
    await page.getByText('Welcome to Demo Lab.').waitFor();
    expect(await page.getByRole('button', { name: 'Decline' }).count()).toBe(0);

    const href = await page.getByRole('link', { name: 'View the record' }).getAttribute('href');
    const recordId = href!.split('/').pop()!;
    const record = await fetch(`${server.url}/api/records/${recordId}`);
    expect(record.status).toBe(200);
    const body = (await record.json()) as {
      status: string;
      parent: { communities: { ids: string[] } };
    };
    expect(body.status).toBe('published');
    expect(body.parent.communities.ids).toHaveLength(1);
    await context.close();
  });
});
