import { z } from 'zod';

/** The largest value a PostgreSQL integer (serial) column holds. */
export const DB_INT_MAX = 2_147_483_647;

/** A numeric id in a path (users, tokens): a positive integer its serial column can hold. */
export const serialId = z.coerce.number().int().positive().max(DB_INT_MAX);
