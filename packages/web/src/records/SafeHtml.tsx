import '@mantine/core/styles/Typography.css';
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Depositors write descriptions in HTML: only harmless markup reaches the
 * page. The text reads in its own direction (an English description on an
 * Arabic page stays left to right).
 */
export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return (
    <Typography>
      <div dir="auto" dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
