import { useEffect } from 'react';
import { useSiteName } from '../ui/useSiteName.ts';

/**
 * The tab title "Record title | Site", as the server's first HTML has it.
 * A passive effect, so it runs after the header's layout effect that sets the
 * site name, and the site name comes back when the page is left.
 */
export function useRecordTitle(title: string | undefined): void {
  const siteName = useSiteName();
  useEffect(() => {
    if (!title) return undefined;
    document.title = `${title} | ${siteName}`;
    return () => {
      document.title = siteName;
    };
  }, [title, siteName]);
}
