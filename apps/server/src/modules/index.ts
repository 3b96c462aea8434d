/** Every feature module registers its routes here. */
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes';
import { shellModule } from './shell/index';
import { usersModule } from './users/index';

export async function registerModules(app: FastifyInstance): Promise<void> {
  // modules are added as they are built
  await app.register(authRoutes);
  await app.register(shellModule);
  await app.register(usersModule);
}
