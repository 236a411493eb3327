import {
  computeAccessStatus,
  type AccessStatus,
  type Pid,
  type RecordDocument,
} from '@arca/schema';

// The stored document's shape is declared once, with the API's (packages/schema).
export type { RecordDocument };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const PLAIN = { enumerable: true, writable: true, configurable: true };

/** Removes null, '', [] and {} at every depth: serialization drops empty values (SPEC §3). */
export function dropEmpty(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value) {
      const kept = dropEmpty(item);
      if (kept !== undefined) items.push(kept);
    }
    return items.length ? items : undefined;
  }
  if (isObject(value)) {
    const kept: Record<string, unknown> = {};
    let empty = true;
    for (const key of Object.keys(value)) {
      const item = dropEmpty(value[key]);
      if (item === undefined) continue;
      // A "__proto__" key parsed from JSON stays a plain key, as it came.
      if (key === '__proto__') Object.defineProperty(kept, key, { ...PLAIN, value: item });
      else kept[key] = item;
      empty = false;
    }
    return empty ? undefined : kept;
  }
  if (value === null || value === '' || value === undefined) return undefined;
  return value;
}

/**
 * The document a draft save stores: what the client sent, kept even when
 * invalid (validation reports it), with empty values dropped and defaults for
 * what is missing. Access defaults to public; files to enabled.
 */
export function normalizeDocument(body: unknown): RecordDocument {
  const input = isObject(body) ? body : {};
  const access = isObject(input.access) ? input.access : {};
  const embargo = isObject(access.embargo) ? access.embargo : {};
  const files = isObject(input.files) ? input.files : {};
  const document: RecordDocument = {
    metadata: (dropEmpty(isObject(input.metadata) ? input.metadata : {}) ?? {}) as Record<
      string,
      unknown
    >,
    custom_fields: (dropEmpty(isObject(input.custom_fields) ? input.custom_fields : {}) ??
      {}) as Record<string, unknown>,
    access: {
      record: access.record ?? 'public',
      files: access.files ?? 'public',
      embargo: {
        active: embargo.active ?? false,
        ...(embargo.until ? { until: embargo.until } : {}),
        ...(embargo.reason ? { reason: embargo.reason } : {}),
      },
    },
    files: {
      enabled: files.enabled ?? true,
      ...(files.default_preview ? { default_preview: files.default_preview } : {}),
    },
    pids: normalizePids(input.pids),
  };
  // Selecting Public for record and files switches the embargo off (SPEC §4).
  if (document.access.record === 'public' && document.access.files === 'public') {
    document.access.embargo.active = false;
  }
  return document;
}

function normalizePids(value: unknown): Record<string, Pid> {
  if (!isObject(value)) return {};
  const result: Record<string, Pid> = {};
  for (const [scheme, entry] of Object.entries(value)) {
    if (!isObject(entry)) continue;
    const blank = typeof entry.identifier !== 'string' || !entry.identifier.trim();
    // An external DOI still to be typed in is kept, and reported (InvenioRDM:
    // "Missing DOI for required field."); other blank PIDs are nothing.
    if (blank && scheme === 'doi' && entry.provider === 'external') {
      result[scheme] = { identifier: '', provider: 'external' };
      continue;
    }
    if (blank || typeof entry.identifier !== 'string') continue;
    result[scheme] = {
      identifier: entry.identifier.trim(),
      provider: typeof entry.provider === 'string' ? entry.provider : 'external',
      ...(typeof entry.client === 'string' ? { client: entry.client } : {}),
    };
  }
  return result;
}

/** Access as permissions read it: anything but exactly "public" counts as restricted. */
export function effectiveAccess(document: Pick<RecordDocument, 'access' | 'files'>) {
  return {
    record: document.access.record === 'public' ? 'public' : 'restricted',
    files: document.access.files === 'public' ? 'public' : 'restricted',
    embargoActive: document.access.embargo.active === true,
    /** The day an active embargo lifts (ISO date), when it names one. */
    embargoUntil:
      document.access.embargo.active === true && typeof document.access.embargo.until === 'string'
        ? document.access.embargo.until
        : null,
    filesEnabled: document.files.enabled !== false,
  } as const;
}

export type EffectiveAccess = ReturnType<typeof effectiveAccess>;

/** access.status (API.md §1.3), by the shared rule. */
export function accessStatus(access: EffectiveAccess): AccessStatus {
  return computeAccessStatus(
    { record: access.record, files: access.files, embargo: { active: access.embargoActive } },
    access.filesEnabled,
  );
}
