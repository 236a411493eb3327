import type { OaiFormat } from './formats.ts';

/**
 * The metadata formats OAI-PMH offers, each made by an export serializer
 * (exports/formats.ts) from the record as the public API shows it.
 */
export const OAI_FORMATS: readonly OaiFormat[] = [];
