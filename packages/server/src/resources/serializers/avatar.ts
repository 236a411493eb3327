/** A generated avatar: initials on a colour picked from the name, so no image is stored. */
export function avatarSvg(name: string): string {
  const initials =
    name
      .split(/[\s,._-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join('') || '?';
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const escaped = initials.replace(/[<>&"']/g, '');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="32" fill="hsl(${hue},45%,35%)"/>` +
    `<text x="32" y="40" font-family="sans-serif" font-size="24" fill="#fff" text-anchor="middle">${escaped}</text></svg>`
  );
}
