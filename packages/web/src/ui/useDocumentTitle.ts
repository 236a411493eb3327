import { useEffect } from 'react';
import { useSiteName } from './useSiteName.ts';

/**
 * The tab title of a page: "Page | Site", as the server's first HTML of a record has it.
 * A passive effect, so it runs after the header's layout effect that sets the site name, and
 * the site name comes back when the page is left. Nothing while the page's title is unknown.
 */
export function useDocumentTitle(title: string | undefined): void {
  const siteName = useSiteName();
  useEffect(() => {
    if (!title) return undefined;
    document.title = `${title} | ${siteName}`;
    return () => {
      document.title = siteName;
    };
  }, [title, siteName]);
}
