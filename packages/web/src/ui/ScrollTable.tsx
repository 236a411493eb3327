import { Table, type TableProps } from '@mantine/core';

/**
 * A table that keeps `minWidth` and scrolls sideways in its own box when the
 * screen is narrower (a phone), instead of widening the page.
 */
export function ScrollTable({ minWidth, ...props }: TableProps & { minWidth: number }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table {...props} />
    </Table.ScrollContainer>
  );
}
