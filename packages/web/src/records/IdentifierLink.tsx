import type { SchemeIdentifier } from '@arca/schema';
import { Anchor, Text } from '@mantine/core';
import { identifierUrl } from './format.ts';

/** `scheme: identifier`, linked when the scheme has a resolver. */
export function IdentifierLink(identifier: SchemeIdentifier) {
  const url = identifierUrl(identifier);
  return (
    <Text span size="sm">
      <Text span c="dimmed" tt="uppercase" size="xs">
        {identifier.scheme}
      </Text>{' '}
      {url ? (
        <Anchor href={url} target="_blank" rel="noopener noreferrer">
          {identifier.identifier}
        </Anchor>
      ) : (
        identifier.identifier
      )}
    </Text>
  );
}
