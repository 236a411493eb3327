import type { ReactNode } from 'react';

// Dates, intervals and date formats written with Latin letters and digits.
const LTR_FRAGMENT = /[0-9A-Za-z]+(?:[-/][0-9A-Za-z]+)+/g;

/**
 * A help text with its dates and formats ("2020-01/2020-06", "YYYY-MM-DD")
 * isolated left to right: inside Arabic, Persian or Hebrew text the bidi
 * algorithm would otherwise reorder their parts.
 */
export function isolateLtr(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LTR_FRAGMENT)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <bdi dir="ltr" key={match.index}>
        {match[0]}
      </bdi>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}
