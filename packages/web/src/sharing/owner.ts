import type { RecordJson, UserItem } from '@arca/schema';

/** The owner as the record expands it (`expanded.parent.access.owned_by`), when it does. */
export function ownerOf(record: RecordJson): UserItem | undefined {
  const parent = record.expanded?.parent as { access?: { owned_by?: UserItem } } | undefined;
  return parent?.access?.owned_by;
}
