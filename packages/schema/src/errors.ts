/** One field error, InvenioRDM's `errors[]` item (API.md §0). */
export interface FieldError {
  field: string;
  messages: string[];
  severity?: 'error' | 'warning' | 'info';
  description?: string;
}

/** The JSON body of every error response (API.md §0). */
export interface ErrorBody {
  status: number;
  message: string;
  errors?: FieldError[];
  /** A deleted record's or community's 410 (InvenioRDM's tombstone). */
  tombstone?: Tombstone | CommunityTombstone;
}

/** What is left of a deleted record, as InvenioRDM dumps it. */
export interface Tombstone {
  removal_reason: { id: string };
  note: string;
  /** The user id of who deleted it, or `system`. */
  removed_by: { user: string };
  removal_date: string;
  citation_text: string;
  is_visible: boolean;
}

/** What is left of a deleted community (invenio-communities `TombstoneSchema`): no citation. */
export type CommunityTombstone = Omit<Tombstone, 'citation_text'> & { citation_text?: never };
