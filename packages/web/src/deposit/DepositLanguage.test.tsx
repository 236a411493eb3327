import { errorMessages, validationMessages } from '@arca/schema/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import deMessages from '../../../schema/src/locales/de.json';
import { switchLanguage } from '../i18n/index.ts';
import { mockFetch, reply } from '../test/fetch-mock.ts';
import { buildDraft } from '../test/drafts.ts';
import { buildUser, siteConfig } from '../test/fixtures.ts';
import { renderApp } from '../test/render-app.tsx';

// The editor's server messages (field errors, banner) follow a language switch.

const empty = reply(200, { hits: { hits: [], total: 0 } });
const slow = { timeout: 5000 };
const base = '/api/records/a1b2c-3d4e5/draft';

afterEach(async () => {
  await switchLanguage('en');
});

function routes(extra: Record<string, unknown>) {
  return {
    'GET /api/config': reply(200, siteConfig),
    'GET /api/me': reply(200, buildUser()),
    [`GET ${base}`]: reply(200, buildDraft()),
    [`PUT ${base}`]: reply(200, buildDraft()),
    'GET /api/vocabularies/resourcetypes': empty,
    'GET /api/vocabularies/titletypes': empty,
    ...extra,
  };
}

/** The error text shown under the Title input. */
function titleError(label = 'Title'): string {
  const input = screen.getByRole('textbox', { name: label });
  const wrapper = input.closest('.mantine-InputWrapper-root');
  return wrapper?.querySelector('.mantine-InputWrapper-error')?.textContent ?? '';
}

describe('server messages in the editor after a language switch', () => {
  it('are written again in the new language at the field and in the banner', async () => {
    mockFetch(
      routes({
        [`POST ${base}/actions/publish`]: reply(400, {
          status: 400,
          message: errorMessages.validation,
          errors: [
            { field: 'metadata.title', messages: [validationMessages.required] },
            // A path with no field: its text is in the banner.
            { field: 'metadata.nowhere', messages: [validationMessages.titleRequired] },
          ],
        }),
      }),
    );
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(await screen.findByRole('button', { name: 'Publish' }, slow));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await screen.findByText(validationMessages.titleRequired);
    expect(titleError()).toContain(validationMessages.required);

    await act(() => switchLanguage('de'));
    const banner = await screen.findByText(deMessages.validation.titleRequired);
    expect(banner.closest('[role="alert"]')).not.toBeNull();
    await waitFor(() => expect(titleError('Titel')).toContain(deMessages.validation.required));
    expect(titleError('Titel')).not.toContain(validationMessages.required);

    // And back.
    await act(() => switchLanguage('en'));
    await screen.findByText(validationMessages.titleRequired);
    await waitFor(() => expect(titleError()).toContain(validationMessages.required));
  });

  it('writes the message of a failed save again in the new language', async () => {
    mockFetch(
      routes({
        [`PUT ${base}`]: reply(403, { status: 403, message: errorMessages.permissionDenied }),
      }),
    );
    const { user } = renderApp('/uploads/a1b2c-3d4e5');
    await user.click(await screen.findByRole('button', { name: 'Save draft' }, slow));
    await screen.findByText(errorMessages.permissionDenied);
    await act(() => switchLanguage('de'));
    expect(await screen.findByText(deMessages.errors.permissionDenied)).toBeInTheDocument();
  });
});
