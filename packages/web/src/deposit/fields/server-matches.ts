import type { OptionsFilter } from '@mantine/core';

/**
 * Suggestions as the server answered them. It matches acronyms, aliases and
 * names in other languages that the shown label does not contain, so a second
 * filter by label here would hide what the person searched for ("CERN").
 */
export const serverMatches: OptionsFilter = ({ options }) => options;
