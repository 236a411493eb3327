import { Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../i18n/format.ts';
import { baseName, listRows, type FolderRow } from './file-groups.ts';
import { useRowKeys } from './useRowKeys.ts';

/** What a row is expected to measure before it is laid out (one line of text and a button). */
const ROW_HEIGHT = 44;

interface LongFileListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  sizeOf: (item: T) => number;
  /** A file's row: its name (within its folder) first, then size, status and actions. */
  renderFile: (item: T, name: string) => ReactNode;
  /** The list's accessible name. */
  label: string;
  /** A test id for a file's row. */
  testIdOf?: (item: T) => string;
}

/** A row not laid out (hidden, or no layout at all) keeps the height it is expected to have. */
function measure(element: Element, entry: ResizeObserverEntry | undefined): number {
  const box = entry?.borderBoxSize[0];
  const height = box ? box.blockSize : (element as HTMLElement).offsetHeight;
  return height > 0 ? Math.round(height) : ROW_HEIGHT;
}

function FolderHeader({ row, onToggle }: { row: FolderRow; onToggle: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <UnstyledButton
      onClick={onToggle}
      aria-expanded={row.open}
      w="100%"
      py={6}
      px="xs"
      style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <svg
        aria-hidden="true"
        width="12"
        height="12"
        viewBox="0 0 12 12"
        style={{ flex: 'none', transform: row.open ? 'rotate(90deg)' : undefined }}
      >
        <path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      <Text span fw={600} size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {row.folder === '' ? t('fileList.topLevel') : `${row.folder}/`}
      </Text>
      <Text span size="sm" c="dimmed">
        {t('fileList.folderSummary', {
          count: row.count,
          size: formatBytes(row.bytes, i18n.language),
        })}
      </Text>
    </UnstyledButton>
  );
}

/**
 * A list of many files: only the rows in view are in the page, a filter by
 * name narrows it and files are grouped by folder (key before the last "/")
 * under headers that fold. Tab reaches the list and the buttons of the rows
 * in view; the arrow keys, Home and End move from row to row across the list.
 */
export function LongFileList<T>({
  items,
  keyOf,
  sizeOf,
  renderFile,
  label,
  testIdOf,
}: LongFileListProps<T>) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const { rows, matched } = useMemo(
    () => listRows(items, { keyOf, sizeOf, filter, closed }),
    [items, keyOf, sizeOf, filter, closed],
  );
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer's functions change with every scroll: nothing here is memoised on them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer: Virtualizer<HTMLDivElement, Element> = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => {
      const row = rows[index];
      return row?.kind === 'folder' ? `folder:${row.folder}` : `file:${row?.key ?? index}`;
    },
    measureElement: measure,
    overscan: 8,
  });
  const { onKeyDown, focusPending } = useRowKeys(virtualizer, scroller, rows.length);
  useLayoutEffect(focusPending);

  const toggle = (folder: string) =>
    setClosed((previous) => {
      const next = new Set(previous);
      if (!next.delete(folder)) next.add(folder);
      return next;
    });

  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={t('fileList.filter')}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          style={{ flex: '1 1 14rem', minWidth: 0 }}
        />
        <Text size="sm" c="dimmed" role="status" data-testid="file-list-shown">
          {t('fileList.shown', { shown: matched, total: items.length })}
        </Text>
      </Group>
      {matched === 0 && filter !== '' ? (
        <Text size="sm">{t('fileList.noMatch', { filter: filter.trim() })}</Text>
      ) : (
        <div
          ref={scroller}
          // Focusable: the keyboard scrolls it like any scrolling box.
          tabIndex={0}
          role="region"
          aria-label={label}
          data-testid="long-file-list"
          onKeyDown={onKeyDown}
          style={{
            height: `min(70vh, ${Math.min(rows.length * ROW_HEIGHT + 2, 560)}px)`,
            overflowY: 'auto',
            overflowX: 'hidden',
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
        >
          <div
            role="list"
            style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
          >
            {virtualizer.getVirtualItems().map((virtual) => {
              const row = rows[virtual.index];
              if (!row) return null;
              return (
                <div
                  key={virtual.key}
                  ref={virtualizer.measureElement}
                  data-index={virtual.index}
                  role="listitem"
                  aria-setsize={rows.length}
                  aria-posinset={virtual.index + 1}
                  tabIndex={-1}
                  data-testid={row.kind === 'file' ? testIdOf?.(row.item) : 'file-folder'}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    transform: `translateY(${virtual.start}px)`,
                    borderBottom: '1px solid var(--mantine-color-default-border)',
                  }}
                >
                  {row.kind === 'folder' ? (
                    <FolderHeader row={row} onToggle={() => toggle(row.folder)} />
                  ) : (
                    <div style={{ padding: '6px var(--mantine-spacing-xs)' }}>
                      {renderFile(row.item, baseName(row.key))}
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </Stack>
  );
}
