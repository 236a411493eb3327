import { useDocumentTitle } from '../ui/useDocumentTitle.ts';

/** The tab title "Record title | Site", as the server's first HTML has it. */
export const useRecordTitle = (title: string | undefined): void => useDocumentTitle(title);
