import { Table, type TableProps } from '@mantine/core';

/**
 * A table that keeps `minWidth` and scrolls sideways in its own box when the
 * screen is narrower (a phone), instead of widening the page. `focusable`: a
 * table with nothing to focus in it (only text) makes its box a named,
 * focusable region, so that keyboards can scroll it too.
 */
export function ScrollTable({
  minWidth,
  focusable = false,
  ...props
}: TableProps & { minWidth: number; focusable?: boolean }) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      {...(focusable ? { tabIndex: 0, role: 'region', 'aria-label': props['aria-label'] } : {})}
    >
      <Table {...props} />
    </Table.ScrollContainer>
  );
}
