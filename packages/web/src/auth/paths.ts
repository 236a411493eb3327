/** Where a visitor goes to log in, coming back to `next` afterwards. */
export function loginPath(next?: string): string {
  return next && next !== '/' ? `/login?${new URLSearchParams({ next })}` : '/login';
}

export function signupPath(next?: string): string {
  return next && next !== '/' ? `/signup?${new URLSearchParams({ next })}` : '/signup';
}

/** Only a path of this site may be a `next` target: never another origin. */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return '/';
  }
  return next;
}
