import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildRecord } from '../test/records.ts';
import { RecordSummary } from './RecordSummary.tsx';

const person = (family: string) => ({
  person_or_org: { type: 'personal' as const, family_name: family, given_name: 'A' },
});

function renderSummary(...args: Parameters<typeof buildRecord>) {
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <RecordSummary record={buildRecord(...args)} withStatus />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('RecordSummary', () => {
  it('truncates the title to 60 characters and keeps the whole title in its tooltip', () => {
    const title = 'A very long title about soil moisture in the Lake Geneva basin, 2025 to 2026';
    renderSummary({ metadata: { ...buildRecord().metadata, title } });
    const link = screen.getByRole('link');
    expect(link.textContent).toBe(`${title.slice(0, 60).trimEnd()}…`);
    expect(link).toHaveAttribute('title', title);
    expect(link).toHaveAttribute('href', '/records/abcde-12345');
  });

  it('shows at most 3 creators, then "and N others"', () => {
    renderSummary({
      metadata: {
        ...buildRecord().metadata,
        creators: ['One', 'Two', 'Three', 'Four', 'Five'].map(person),
      },
    });
    expect(screen.getByText('One, A; Two, A; Three, A and 2 others')).toBeInTheDocument();
  });

  it('shows exactly 3 creators without "others", and the status label', () => {
    renderSummary({
      status: 'draft',
      is_draft: true,
      is_published: false,
      metadata: { ...buildRecord().metadata, creators: ['One', 'Two', 'Three'].map(person) },
    });
    expect(screen.getByText('One, A; Two, A; Three, A')).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(screen.getByText('Dataset')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
  });

  it("shows what a record's files take in my uploads", () => {
    renderSummary({ files: { enabled: true, count: 2, total_bytes: 2_500_000 } });
    expect(screen.getByTestId('record-storage')).toHaveTextContent('Files: 2.5 MB stored');
  });
});
