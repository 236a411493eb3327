import { Checkbox, Stack, Text } from '@mantine/core';
import type { FacetBucket } from '../api/records.ts';

interface FacetListProps {
  title: string;
  buckets: FacetBucket[];
  selected: string[];
  label: (key: string) => string;
  onToggle: (key: string) => void;
}

/** One facet: a checkbox per value with its count. */
export function FacetList({ title, buckets, selected, label, onToggle }: FacetListProps) {
  // A selected value with no hits left stays visible, so it can be unticked.
  const keys = [
    ...buckets,
    ...selected
      .filter((key) => !buckets.some((bucket) => bucket.key === key))
      .map((key) => ({ key, doc_count: 0 })),
  ];
  if (keys.length === 0) return null;
  return (
    <Stack gap={6} role="group" aria-label={title}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {keys.map((bucket) => (
        <Checkbox
          key={bucket.key}
          size="sm"
          label={`${label(bucket.key)} (${bucket.doc_count})`}
          checked={selected.includes(bucket.key)}
          onChange={() => onToggle(bucket.key)}
        />
      ))}
    </Stack>
  );
}
