import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-providers.tsx';
import { SortableItem, SortableList } from './SortableList.tsx';

// A file of its own: the drag code, once loaded, stays loaded for the page.
function Handles({ initial }: { initial: string[] }) {
  const [names, setNames] = useState(initial);
  return (
    <>
      <SortableList ids={names} nameOf={(id) => id} onMove={() => {}}>
        {names.map((name) => (
          <SortableItem key={name} id={name}>
            {({ ref, handleProps }) => (
              <div ref={ref}>
                <button type="button" {...handleProps}>
                  Drag {name}
                </button>
              </div>
            )}
          </SortableItem>
        ))}
      </SortableList>
      <button type="button" onClick={() => setNames([...names, 'Franklin'])}>
        Add
      </button>
    </>
  );
}

describe('SortableItem', () => {
  it('makes handles draggable once the list has two rows to reorder', async () => {
    const { user } = renderWithProviders(<Handles initial={['Curie']} />);
    const first = screen.getByRole('button', { name: 'Drag Curie' });
    // Nothing to reorder: the drag code is not even loaded.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(first).not.toHaveAttribute('aria-roledescription');

    await user.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByRole('button', { name: 'Drag Franklin' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Drag Curie' })).toHaveAttribute(
        'aria-roledescription',
        'sortable',
      ),
    );
    expect(screen.getByRole('button', { name: 'Drag Franklin' })).toHaveAttribute(
      'aria-roledescription',
      'sortable',
    );
  });
});
