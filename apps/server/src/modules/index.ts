/** Every feature module registers its routes here. */
import type { FastifyInstance } from 'fastify';

export async function registerModules(_app: FastifyInstance): Promise<void> {
  // modules are added as they are built
}
