import type { DepositFormValues } from './form-values.ts';

// After a conflict (412) the latest draft is read again; what the person
// changed is laid over it, part by part (a metadata field, the access, the
// DOI choice, a custom field group), so nothing they typed is lost.

type DirtyTree = Partial<Record<string, unknown>>;

function isDirtyBranch(value: unknown): boolean {
  if (value === true) return true;
  if (Array.isArray(value)) return value.some(isDirtyBranch);
  if (value && typeof value === 'object') return Object.values(value).some(isDirtyBranch);
  return false;
}

export function overlayChanges(
  latest: DepositFormValues,
  mine: DepositFormValues,
  dirty: DirtyTree,
): DepositFormValues {
  const merged = structuredClone(latest);
  const dirtyMetadata = (dirty.metadata ?? {}) as DirtyTree;
  for (const key of Object.keys(mine.metadata) as (keyof DepositFormValues['metadata'])[]) {
    if (isDirtyBranch(dirtyMetadata[key])) {
      (merged.metadata as Record<string, unknown>)[key] = structuredClone(mine.metadata[key]);
    }
  }
  if (isDirtyBranch(dirty.access)) merged.access = structuredClone(mine.access);
  if (isDirtyBranch(dirty.files)) merged.files = structuredClone(mine.files);
  if (isDirtyBranch(dirty.pids)) merged.pids = structuredClone(mine.pids);
  const dirtyCustom = (dirty.custom_fields ?? {}) as DirtyTree;
  for (const group of Object.keys(
    mine.custom_fields,
  ) as (keyof DepositFormValues['custom_fields'])[]) {
    if (isDirtyBranch(dirtyCustom[group])) {
      Object.assign(merged.custom_fields, { [group]: structuredClone(mine.custom_fields[group]) });
    }
  }
  return merged;
}
