import { LiveRegion, useAnnouncement } from '@dnd-kit/accessibility';
import { ActionIcon, Group } from '@mantine/core';
import {
  createContext,
  use,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type * as DragModuleType from './sortable-drag.tsx';

// Arrows drawn beside the buttons' translated names (aria-hidden: the name is what is read).
const ARROW_UP = '↑';
const ARROW_DOWN = '↓';

/** What a row gives its element and its drag handle (nothing until dragging has loaded). */
export interface RowBinding {
  ref?: (element: HTMLElement | null) => void;
  style: CSSProperties;
  handleProps: Record<string, unknown>;
}

export interface SortableItemProps {
  id: string;
  children: (binding: RowBinding) => ReactNode;
}

type DragModule = typeof DragModuleType;

// Dragging (dnd-kit, about 14 KB gzipped) loads once a list first has two rows:
// a list of none or one has nothing to reorder, and the deposit page opens faster.
let dragModule: DragModule | undefined;
let loadingDrag: Promise<DragModule> | undefined;
const loadDrag = () =>
  (loadingDrag ??= import('./sortable-drag.tsx').then((module) => (dragModule = module)));

function useDrag(wanted: boolean): DragModule | undefined {
  const [loaded, setLoaded] = useState(dragModule);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    void loadDrag().then((module) => current && setLoaded(module));
    return () => {
      current = false;
    };
  }, [wanted, loaded]);
  return loaded;
}

const NO_BINDING: RowBinding = { style: {}, handleProps: {} };

function StillItem({ children }: SortableItemProps) {
  return children(NO_BINDING);
}

interface SortableListValue {
  ids: readonly string[];
  moveBy: (id: string, offset: -1 | 1) => void;
  Item: (props: SortableItemProps) => ReactNode;
}

const SortableListContext = createContext<SortableListValue>({
  ids: [],
  moveBy: () => {},
  Item: StillItem,
});

interface SortableListProps {
  /** The rows' sort ids, in order. */
  ids: readonly string[];
  /** What a row is called in announcements, e.g. a creator's name. */
  nameOf: (id: string) => string;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/**
 * A list reordered three ways: by dragging a row's handle with a pointer; with
 * the keyboard on the handle (sortable-drag.tsx); and with each row's Move up /
 * Move down buttons (`MoveButtons`), which anyone can see and reach with Tab,
 * and whose moves are announced too. Each row renders through `SortableItem`.
 */
export function SortableList({ ids, nameOf, onMove, children }: SortableListProps) {
  const { t } = useTranslation();
  const { announce, announcement } = useAnnouncement();
  const regionId = `sortable-announcement-${useId()}`;
  const drag = useDrag(ids.length >= 2);

  const value = useMemo<SortableListValue>(
    () => ({
      ids,
      Item: drag?.DragItem ?? StillItem,
      moveBy: (id, offset) => {
        const from = ids.indexOf(id);
        const to = from + offset;
        if (from < 0 || to < 0 || to >= ids.length) return;
        onMove(from, to);
        announce(
          t('deposit.fields.sortable.movedTo', {
            name: nameOf(id),
            position: to + 1,
            count: ids.length,
          }),
        );
      },
    }),
    [ids, onMove, nameOf, announce, t, drag],
  );

  return (
    <SortableListContext value={value}>
      {drag ? (
        <drag.DragList ids={ids} nameOf={nameOf} onMove={onMove}>
          {children}
        </drag.DragList>
      ) : (
        children
      )}
      <LiveRegion id={regionId} announcement={announcement} />
    </SortableListContext>
  );
}

/** A row of a SortableList: `children` renders it with what dragging needs. */
export function SortableItem(props: SortableItemProps) {
  const { Item } = use(SortableListContext);
  return <Item {...props} />;
}

/**
 * A row's Move up and Move down buttons. At either end a button stays
 * focusable but does nothing (`aria-disabled`), so that focus is not lost
 * when a row reaches the top or the bottom.
 */
export function MoveButtons({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation();
  const { ids, moveBy } = use(SortableListContext);
  const index = ids.indexOf(id);
  const pressed = useRef<HTMLElement | null>(null);

  // The row moved. Where the browser drops focus from a moved node, it comes back here.
  useEffect(() => {
    pressed.current?.focus();
    pressed.current = null;
  }, [index]);

  const button = (offset: -1 | 1, label: string, glyph: string) => {
    const inert = offset < 0 ? index <= 0 : index >= ids.length - 1;
    return (
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={label}
        aria-disabled={inert || undefined}
        data-disabled={inert || undefined}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          if (inert) return;
          pressed.current = event.currentTarget;
          moveBy(id, offset);
        }}
      >
        <span aria-hidden>{glyph}</span>
      </ActionIcon>
    );
  };

  return (
    <Group gap={0} wrap="nowrap">
      {button(-1, t('deposit.fields.sortable.moveUp', { name }), ARROW_UP)}
      {button(1, t('deposit.fields.sortable.moveDown', { name }), ARROW_DOWN)}
    </Group>
  );
}
