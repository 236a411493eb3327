import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestJson } from '../api/requests.ts';
import { QuotaIncreaseDetails } from './QuotaIncreaseDetails.tsx';

const request = (type: string, payload: Record<string, unknown>) =>
  ({ id: 'r1', type, title: 'Soil', payload }) as unknown as RequestJson;

function show(value: RequestJson) {
  render(
    <MantineProvider env="test">
      <QuotaIncreaseDetails request={value} />
    </MantineProvider>,
  );
}

describe("a quota-increase request's details", () => {
  it('says how much is asked for the record, and what it has now', () => {
    show(request('quota-increase', { scope: 'record', size: 25e9, current: 10e9 }));
    expect(screen.getByTestId('quota-increase-asked')).toHaveTextContent(
      'Asks for 25 GB for this upload (now 10 GB).',
    );
  });

  it("and for all of the user's uploads", () => {
    show(request('quota-increase', { scope: 'user', size: 2e11, current: 1e11 }));
    expect(screen.getByTestId('quota-increase-asked')).toHaveTextContent(
      'Asks for 200 GB for all their uploads (now 100 GB).',
    );
  });

  it('shows nothing for other requests', () => {
    show(request('user-access-request', { size: 1, current: 0 }));
    expect(screen.queryByTestId('quota-increase-asked')).toBeNull();
  });
});
