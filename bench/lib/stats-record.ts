// A published record with one 1 MiB file, made through the API as the demo
// uploader: what the usage-statistics benches read and download.
const MiB = 1024 ** 2;

/** Publishes a record with one 1 MiB file as the demo uploader; answers its ids, read and download URLs. */
export async function seedStatsRecord(base: string) {
  const cookies = new Map<string, string>();
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    raw?: Uint8Array<ArrayBuffer>,
  ) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrftoken': cookies.get('csrftoken') ?? '',
        'content-type': raw ? 'application/octet-stream' : 'application/json',
      },
      ...(raw ? { body: raw } : body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      if (index > 0) cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : {}) as { id: string; parent?: { id: string } };
  };
  await call('POST', '/api/auth/login', { email: 'alice@demo.arca', password: 'arca-demo' });
  const draft = await call('POST', '/api/records', {
    metadata: {
      title: 'Statistics benchmark',
      resource_type: { id: 'dataset' },
      publication_date: '2026-01-01',
      creators: [{ person_or_org: { type: 'personal', family_name: 'Doe', given_name: 'J' } }],
      publisher: 'Arca',
    },
    files: { enabled: true },
  });
  const files = `/api/records/${draft.id}/draft/files`;
  await call('POST', files, [{ key: 'data.bin', size: MiB }]);
  await call('PUT', `${files}/data.bin/content`, undefined, Buffer.alloc(MiB, 7));
  await call('POST', `${files}/data.bin/commit`);
  const published = await call('POST', `/api/records/${draft.id}/draft/actions/publish`);
  return {
    id: draft.id,
    parentId: published.parent!.id,
    /** The uploader's session, for reads that no answer cache serves. */
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    read: `${base}/api/records/${draft.id}`,
    download: `${base}/api/records/${draft.id}/files/data.bin/content`,
  };
}
