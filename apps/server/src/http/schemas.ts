/** Route schema helpers every module's routes share: the 204 body and the error envelope per status. */
import { errorEnvelopeSchema } from '@orchard/shared/core';
import { z } from 'zod';

/** 204 answers carry no body. */
export const noContentSchema = z.undefined();

/** The error envelope under each status a route declares it can answer with. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorEnvelopeSchema])) as Record<S, typeof errorEnvelopeSchema>;
}
