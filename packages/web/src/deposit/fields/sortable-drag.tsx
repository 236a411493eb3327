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
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortableItemProps } from './SortableList.tsx';

// Dragging rows (dnd-kit), loaded by SortableList once a list has rows to reorder.

interface DragListProps {
  ids: readonly string[];
  nameOf: (id: string) => string;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/**
 * Rows dragged by their handle with a pointer, or with the keyboard on the
 * handle (Space, arrows, Space), explained and announced to screen readers in
 * the user's language.
 */
export function DragList({ ids, nameOf, onMove, children }: DragListProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
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

  return (
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
  );
}

/** A row that moves while dragged; its handle takes the pointer and the keyboard. */
export function DragItem({ id, children }: SortableItemProps) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id });
  return children({
    ref: setNodeRef,
    style: { transform: CSS.Transform.toString(transform), transition },
    handleProps: { ...attributes, ...listeners },
  });
}
