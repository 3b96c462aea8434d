/**
 * Request hygiene shared by every route, before schema validation: PostgreSQL text cannot hold the
 * NUL character, so a string with one in the path, query or JSON body is refused as a validation
 * failure instead of failing in the database.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validationFailed } from '../lib/errors';

/** The path (e.g. `rows.2.name`; `root` for `value` itself) of the first string or key containing NUL, or null. */
export function findNul(value: unknown, root: string, path = '', depth = 0): string | null {
  const here = path || root;
  if (typeof value === 'string') return value.includes('\u0000') ? here : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNul(value[i], root, path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return here;
    const found = findNul(item, root, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

export const inputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const field = findNul(request.params, 'params') ?? findNul(request.query, 'query') ?? findNul(request.body, 'body');
      if (field) throw validationFailed('The request is not valid', [{ field, message: 'Must not contain the NUL character', reason: 'nul-character' }]);
    });
  },
  { name: 'input' },
);
