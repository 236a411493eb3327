import type { RecordJson } from '@arca/schema';

/** Abilities of `ui.permissions` the editor follows (the server's policy decides them). */
export type DraftAbility = 'can_update_files' | 'can_discard_pids' | 'can_delete_draft';

/**
 * Whether the server lets the person do this with the draft: only an ability
 * it denies is withheld. Before the first save there is no draft (the person
 * is creating it); a draft read without its `ui` block leaves it to the server.
 */
export function allows(draft: RecordJson | undefined, ability: DraftAbility): boolean {
  const permissions = draft?.ui?.permissions as Record<string, unknown> | undefined;
  return permissions?.[ability] !== false;
}
