import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-providers.tsx';
import { MoveButtons, SortableList } from './SortableList.tsx';

function Names() {
  const [names, setNames] = useState(['Curie', 'Noether', 'Meitner']);
  const move = (from: number, to: number) => {
    const next = [...names];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    setNames(next);
  };
  return (
    <SortableList ids={names} nameOf={(id) => id} onMove={move}>
      <ol aria-label="Names">
        {names.map((name) => (
          <li key={name}>
            {name} <MoveButtons id={name} name={name} />
          </li>
        ))}
      </ol>
    </SortableList>
  );
}

const INSTRUCTIONS = /^To pick up an item/;

const order = () =>
  screen.getAllByRole('listitem').map((item) => item.textContent?.replace(/[↑↓\s]/g, ''));

describe('MoveButtons', () => {
  it('moves a row up and down, keeps focus on the button and announces the new position', async () => {
    const { user } = renderWithProviders(<Names />);
    // Three rows: dragging loads (its instructions for screen readers come with it).
    await screen.findByText(INSTRUCTIONS);
    const up = screen.getByRole('button', { name: 'Move Meitner up' });
    await user.click(up);
    expect(order()).toEqual(['Curie', 'Meitner', 'Noether']);
    expect(up).toHaveFocus();
    expect(await screen.findByText('Meitner is now in position 2 of 3.')).toBeInTheDocument();

    await user.keyboard('{Enter}');
    expect(order()).toEqual(['Meitner', 'Curie', 'Noether']);
    // At the top: still focusable, marked as unavailable, and pressing it does nothing.
    expect(up).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['Meitner', 'Curie', 'Noether']);
    expect(up).toHaveFocus();

    const down = screen.getByRole('button', { name: 'Move Curie down' });
    await user.click(down);
    expect(order()).toEqual(['Meitner', 'Noether', 'Curie']);
    expect(down).toHaveFocus();
  });
});
