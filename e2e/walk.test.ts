import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addCreator, api, choose, field, loggedInPage } from './deposit.helpers.ts';
import { useE2E } from './server.ts';
import { DESKTOP, PHONE, sidewaysScroll } from './viewports.ts';

/*
 * The walk of issue 17's "Done when", as people do it, at a desktop's and a
 * phone's size: deposit and publish, a new version's DOI rule told at its
 * field, a curator's decline read by the uploader from the editor. Every page
 * on the way is checked for sideways scrolling.
 */
const e2e = useE2E();

interface Created {
  id: string;
}

const minimal = (title: string) => ({
  resource_type: { id: 'dataset' },
  title,
  publication_date: '2026-01-15',
  creators: [{ person_or_org: { type: 'personal', family_name: 'Curie', given_name: 'Marie' } }],
  // A managed DOI is registered on publication, and registration needs a publisher.
  publisher: 'Arca',
});

async function pageAt(size: { width: number; height: number }, email?: string): Promise<Page> {
  const page = await loggedInPage(e2e.browser, e2e.server.url, email);
  await page.setViewportSize(size);
  page.setDefaultTimeout(20_000);
  return page;
}

/** Fails the walk at the page that scrolls sideways, naming what sticks out. */
async function fitsWidth(page: Page, where: string): Promise<void> {
  expect(await sidewaysScroll(page), where).toBe('');
}

async function depositAndPublish(page: Page, size: string): Promise<void> {
  await page.goto(`${e2e.server.url}/uploads/new`);
  await choose(page, 'Resource type', 'Dataset');
  await field(page, 'Title').fill(`Walk at ${size}`);
  await field(page, 'Publication date').fill('2026-01-15');
  const description = 'Weekly soil cores from twelve stations.';
  // Clicked then typed at once: no keystroke may be lost.
  await page.getByRole('textbox', { name: 'Description', exact: true }).click();
  await page.keyboard.type(description);
  await addCreator(page, 'Curie', 'Marie');
  await addCreator(page, 'Noether', 'Emmy');
  await page.getByLabel('Choose files').setInputFiles({
    name: 'cores.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('station,depth_cm\n1,30\n2,45\n'),
  });
  await page
    .getByTestId('deposit-file')
    .filter({ hasText: 'cores.csv' })
    .filter({ hasText: 'Uploaded' })
    .waitFor({ timeout: 30_000 });
  await fitsWidth(page, 'the editor of a new upload');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
  await page.waitForURL(/\/records\/[a-z0-9]{5}-[a-z0-9]{5}$/);
  await page.getByRole('heading', { level: 1, name: `Walk at ${size}` }).waitFor();
  await page.getByText(description).waitFor();
  await page.getByRole('button', { name: 'Preview cores.csv' }).waitFor();
  await fitsWidth(page, 'the published record');
}

async function doiRuleAtItsField(page: Page, size: string): Promise<void> {
  const base = `${e2e.server.url}/api/records`;
  const first = await api<Created>(page, 'POST', base, {
    metadata: minimal(`DOI walk at ${size}`),
    files: { enabled: false },
  });
  await api(page, 'POST', `${base}/${first.id}/draft/pids/doi`);
  await api(page, 'POST', `${base}/${first.id}/draft/actions/publish`);
  const next = await api<Created>(page, 'POST', `${base}/${first.id}/versions`);

  await page.goto(`${e2e.server.url}/uploads/${next.id}`);
  const question = page.getByRole('radiogroup', {
    name: 'Do you already have a DOI for this upload?',
  });
  await question.getByRole('radio', { name: 'No, reserve one for me' }).waitFor();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
  const field = page.locator('.mantine-InputWrapper-root', { has: question });
  await field.getByText('DOI is needed. You need to reserve a DOI before publishing.').waitFor();
  await fitsWidth(page, 'the editor of a new version refused for its DOI');
}

/** A community of Bob's with Carol as curator, and a draft of Alice's submitted to it. */
async function submission(alice: Page, size: string): Promise<{ draft: string; request: string }> {
  const bob = await loggedInPage(e2e.browser, e2e.server.url, 'bob@demo.arca');
  const lab = await api<Created>(bob, 'POST', `${e2e.server.url}/api/communities`, {
    slug: `walk-${size}`,
    metadata: { title: `Walk lab ${size}`, description: 'A lab.' },
  });
  const users = await api<{ hits: { hits: Created[] } }>(
    bob,
    'GET',
    `${e2e.server.url}/api/users?suggest=carol`,
  );
  const members = await bob.request.post(`${e2e.server.url}/api/communities/${lab.id}/members`, {
    headers: (await bob.context().cookies())
      .filter((cookie) => cookie.name === 'csrftoken')
      .reduce((headers, cookie) => ({ ...headers, 'X-CSRFToken': cookie.value }), {}),
    data: { members: [{ type: 'user', id: users.hits.hits[0]?.id ?? '' }], role: 'curator' },
  });
  expect(members.status(), await members.text()).toBe(204);
  await bob.context().close();

  const base = `${e2e.server.url}/api/records`;
  const draft = await api<Created>(alice, 'POST', base, {
    metadata: minimal(`Moss survey at ${size}`),
    files: { enabled: false },
  });
  await api(alice, 'PUT', `${base}/${draft.id}/draft/review`, {
    receiver: { community: lab.id },
    type: 'community-submission',
  });
  const request = await api<Created>(
    alice,
    'POST',
    `${base}/${draft.id}/draft/actions/submit-review`,
    {
      payload: { content: '<p>Please review.</p>', format: 'html' },
    },
  );
  return { draft: draft.id, request: request.id };
}

async function declineReadFromTheEditor(alice: Page, size: { width: number; height: number }) {
  const { draft, request } = await submission(alice, String(size.width));
  const reason = 'Out of scope for this lab: please try the soil community.';

  const carol = await pageAt(size, 'carol@demo.arca');
  await carol.goto(`${e2e.server.url}/me/requests/${request}`);
  await carol.getByText('Please review.').waitFor();
  const comment = carol.getByRole('textbox', { name: 'Comment' });
  await comment.click();
  await comment.pressSequentially(reason);
  await carol.getByRole('button', { name: 'Decline' }).click();
  const confirm = carol.getByRole('dialog', { name: 'Decline this request?' });
  await confirm.getByRole('button', { name: 'Decline' }).click();
  await carol.getByTestId('request-status').filter({ hasText: 'Declined' }).waitFor();
  await fitsWidth(carol, "the curator's request page");
  await carol.context().close();

  // The uploader opens her draft: the banner says it was declined and leads to the reason.
  await alice.goto(`${e2e.server.url}/uploads/${draft}`);
  await alice.getByText('Review declined').waitFor();
  await fitsWidth(alice, 'the editor of a declined draft');
  // It opens in a tab of its own, leaving the editor as it is.
  const opened = alice.context().waitForEvent('page');
  await alice.getByRole('link', { name: 'View request' }).click();
  const requestPage = await opened;
  await requestPage.getByText(reason).waitFor();
  expect(new URL(requestPage.url()).pathname).toBe(`/me/requests/${request}`);
  await fitsWidth(requestPage, "the uploader's request page");
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('the walk on a %s', (_name, size) => {
  it('deposits and publishes, is told the DOI rule at its field, reads a decline from the editor', async () => {
    const alice = await pageAt(size);
    await depositAndPublish(alice, String(size.width));
    await doiRuleAtItsField(alice, String(size.width));
    await declineReadFromTheEditor(alice, size);
    await alice.context().close();
  }, 150_000);
});
