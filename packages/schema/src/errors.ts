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
}
