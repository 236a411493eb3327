/** Absolute links (API.md §0: every `links` value is an absolute URL). */
export function linkBuilder(siteUrl: string) {
  return {
    api: (path: string) => `${siteUrl}/api${path}`,
    html: (path: string) => `${siteUrl}${path}`,
  };
}

export type Links = ReturnType<typeof linkBuilder>;

/** `self`, `prev` and `next` of a paginated search, keeping the other query arguments. */
export function paginationLinks(
  base: string,
  query: Record<string, string | string[] | number | undefined>,
  page: number,
  size: number,
  total: number,
) {
  const at = (p: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || key === 'page' || key === 'size') continue;
      for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
    }
    params.set('page', String(p));
    params.set('size', String(size));
    return `${base}?${params.toString()}`;
  };
  const links: { self: string; prev?: string; next?: string } = { self: at(page) };
  if (page > 1) links.prev = at(page - 1);
  if (page * size < total) links.next = at(page + 1);
  return links;
}
