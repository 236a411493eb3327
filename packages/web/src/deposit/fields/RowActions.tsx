import { Button } from '@mantine/core';

interface RowActionsProps {
  /** The buttons' texts and their accessible names, which say whose row it is. */
  edit: { text: string; label: string };
  remove: { text: string; label: string };
  onEdit: () => void;
  onRemove: () => void;
  /** The row's error, read with the Edit button that fixes it. */
  describedBy?: string | undefined;
}

/** A list row's Edit and Remove buttons (creators, licences, funding). */
export function RowActions({ edit, remove, onEdit, onRemove, describedBy }: RowActionsProps) {
  return (
    <>
      <Button
        size="compact-xs"
        variant="default"
        onClick={onEdit}
        aria-label={edit.label}
        aria-describedby={describedBy}
      >
        {edit.text}
      </Button>
      <Button
        size="compact-xs"
        variant="default"
        color="red"
        onClick={onRemove}
        aria-label={remove.label}
      >
        {remove.text}
      </Button>
    </>
  );
}
