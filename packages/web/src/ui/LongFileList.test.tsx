import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../AppProviders.tsx';
import { LongFileList } from './LongFileList.tsx';

interface File {
  key: string;
  size: number;
}

/** jsdom lays nothing out: the list's box gets the height a browser would give it. */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(560);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
});
afterEach(() => vi.restoreAllMocks());

function renderList(files: File[]) {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={new QueryClient()} env="test">
      <LongFileList
        items={files}
        keyOf={(file) => file.key}
        sizeOf={(file) => file.size}
        label="Files of the record"
        testIdOf={() => 'file-row'}
        renderFile={(file, name) => (
          <span>
            {name} <button type="button">{`Download ${file.key}`}</button>
          </span>
        )}
      />
    </AppProviders>,
  );
  return { user, list: screen.getByRole('region', { name: 'Files of the record' }) };
}

const many = (count: number, name = (i: number) => `reading-${i}.csv`) =>
  Array.from({ length: count }, (_, i) => ({ key: name(i), size: 1000 }));

describe('a long file list', () => {
  it('puts only a window of its 10,000 rows in the page', () => {
    const { list } = renderList(many(10_000));
    const rows = within(list).getAllByTestId('file-row');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]).toHaveTextContent('reading-0.csv');
    // Screen readers hear how long the list is.
    expect(rows[0]).toHaveAttribute('aria-setsize', '10000');
    expect(screen.getByTestId('file-list-shown')).toHaveTextContent('Showing 10,000 of 10,000');
  });

  it('narrows to the files whose name contains the filter, in any case', async () => {
    const { user, list } = renderList(many(10_000));
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'READING-123');
    expect(screen.getByTestId('file-list-shown')).toHaveTextContent('Showing 11 of 10,000');
    const rows = within(list).getAllByTestId('file-row');
    expect(rows.map((row) => row.textContent?.split(' ')[0])).toEqual([
      'reading-123.csv',
      ...Array.from({ length: 10 }, (_, i) => `reading-123${i}.csv`),
    ]);
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'x');
    expect(screen.getByText('No file name contains “READING-123x”.')).toBeInTheDocument();
  });

  it('groups files by folder under headers with counts and sizes that fold', async () => {
    const files = [
      ...many(12, (i) => `raw/2024/day-${i}.csv`),
      ...many(5, (i) => `plots/plot-${i}.png`),
      { key: 'README.md', size: 500 },
    ];
    const { user, list } = renderList(files);
    const headers = within(list).getAllByRole('button', { expanded: true });
    expect(headers.map((header) => header.textContent)).toEqual([
      'Top level1 file · 500 bytes',
      'plots/5 files · 5 kB',
      'raw/2024/12 files · 12 kB',
    ]);
    // Within its folder a file shows by its own name.
    expect(within(list).getAllByTestId('file-row')[1]).toHaveTextContent(/^plot-0\.png/);
    await user.click(headers[1]!);
    expect(headers[1]).toHaveAttribute('aria-expanded', 'false');
    expect(within(list).queryByText(/^plot-0\.png/)).toBeNull();
    expect(within(list).getByText(/^day-0\.csv/)).toBeInTheDocument();
    // Counts follow the filter.
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'day-1');
    expect(within(list).getByRole('button', { name: /^raw\/2024\// })).toHaveTextContent(
      '3 files · 3 kB',
    );
  });

  it('lists files by name, wherever they were added from', () => {
    const { list } = renderList([
      { key: 'b.csv', size: 1 },
      ...many(60),
      { key: 'a.csv', size: 1 },
    ]);
    const rows = within(list).getAllByTestId('file-row');
    expect(rows.slice(0, 4).map((row) => row.textContent?.split(' ')[0])).toEqual([
      'a.csv',
      'b.csv',
      'reading-0.csv',
      'reading-1.csv',
    ]);
  });

  it('moves from row to row with the arrow keys', async () => {
    const { user, list } = renderList(many(10_000, (i) => `r-${String(i).padStart(5, '0')}`));
    within(list).getByRole('button', { name: 'Download r-00000' }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(list).getByRole('button', { name: 'Download r-00002' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(list).getByRole('button', { name: 'Download r-00001' })).toHaveFocus();
  });
});
