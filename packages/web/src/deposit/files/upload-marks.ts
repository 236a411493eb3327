// Which local file each unfinished multipart upload came from (its
// last-modified time), kept in the browser: after a reload, choosing a file
// again resumes an upload only when it is the same file, not another one that
// happens to share its name and size. Keyed by the file's API link.

const PREFIX = 'arca.upload.';

export function markUpload(link: string, lastModified: number): void {
  try {
    window.localStorage.setItem(PREFIX + link, String(lastModified));
  } catch {
    // Without storage a resume trusts name and size alone.
  }
}

export function uploadMark(link: string): number | undefined {
  try {
    const stored = window.localStorage.getItem(PREFIX + link);
    return stored === null ? undefined : Number(stored);
  } catch {
    return undefined;
  }
}

export function unmarkUpload(link: string): void {
  try {
    window.localStorage.removeItem(PREFIX + link);
  } catch {
    // Nothing to do: see markUpload.
  }
}
