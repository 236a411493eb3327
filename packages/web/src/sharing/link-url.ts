import type { RecordJson } from '@arca/schema';
import type { SecretLink } from '../api/sharing.ts';

function withToken(base: string, token: string): string {
  return `${base}${base.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/**
 * The address a secret link hands out (API.md §3.1): view → the landing page,
 * preview → the draft preview, edit → the deposit form.
 */
export function secretLinkUrl(record: RecordJson, link: SecretLink): string {
  const origin = window.location.origin;
  const landing = record.links.record_html ?? `${origin}/records/${record.id}`;
  switch (link.permission) {
    case 'view':
      return withToken(record.is_draft ? landing : (record.links.self_html ?? landing), link.token);
    case 'preview':
      return withToken(
        record.links.preview_html ?? `${origin}/records/${record.id}?preview=1`,
        link.token,
      );
    case 'edit':
      return withToken(`${origin}/uploads/${record.id}`, link.token);
  }
}
