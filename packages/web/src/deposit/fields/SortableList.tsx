import { LiveRegion, useAnnouncement } from '@dnd-kit/accessibility';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { ActionIcon, Group } from '@mantine/core';
import {
  createContext,
  use,
  useEffect,
  useId,
  useMemo,
  useRef,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';

// Arrows drawn beside the buttons' translated names (aria-hidden: the name is what is read).
const ARROW_UP = '↑';
const ARROW_DOWN = '↓';

interface SortableListValue {
  ids: readonly string[];
  moveBy: (id: string, offset: -1 | 1) => void;
}

const SortableListContext = createContext<SortableListValue>({ ids: [], moveBy: () => {} });

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
 * the keyboard on the handle (Space, arrows, Space: dnd-kit's keyboard sensor,
 * explained and announced to screen readers in the user's language); and with
 * each row's Move up / Move down buttons (`MoveButtons`), which anyone can see
 * and reach with Tab, and whose moves are announced too.
 */
export function SortableList({ ids, nameOf, onMove, children }: SortableListProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const { announce, announcement } = useAnnouncement();
  const regionId = `sortable-announcement-${useId()}`;
  const lastOver = useRef<UniqueIdentifier>(undefined);

  const where = (id: UniqueIdentifier | undefined, fallback: UniqueIdentifier) => {
    const index = ids.indexOf(String(id ?? fallback));
    return { position: index + 1, count: ids.length };
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t('deposit.fields.sortable.pickedUp', {
        name: nameOf(String(active.id)),
        ...where(active.id, active.id),
      });
    },
    onDragOver: ({ active, over }) => {
      // dnd-kit reports the row over itself right after the pick-up: that says nothing new.
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return t('deposit.fields.sortable.movedTo', {
        name: nameOf(String(active.id)),
        ...where(over.id, active.id),
      });
    },
    onDragEnd: ({ active, over }) =>
      t('deposit.fields.sortable.dropped', {
        name: nameOf(String(active.id)),
        ...where(over?.id, active.id),
      }),
    onDragCancel: ({ active }) =>
      t('deposit.fields.sortable.cancelled', {
        name: nameOf(String(active.id)),
        ...where(active.id, active.id),
      }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  const value = useMemo<SortableListValue>(
    () => ({
      ids,
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
    [ids, onMove, nameOf, announce, t],
  );

  return (
    <SortableListContext value={value}>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('deposit.fields.sortable.instructions') },
        }}
      >
        <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
          {children}
        </SortableContext>
      </DndContext>
      <LiveRegion id={regionId} announcement={announcement} />
    </SortableListContext>
  );
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
