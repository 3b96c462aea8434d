/**
 * Week fields of the picking save bodies (schedule rows and capacity), shared by picking-schedules.ts
 * and picking-capacity.ts; not part of the package's exports.
 */
import { z } from 'zod';

export const weekNumberSchema = z.number().int().min(1).max(53);
export const yearSchema = z.number().int().min(2000).max(2100);
