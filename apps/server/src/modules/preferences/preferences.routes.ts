/**
 * The signed-in user's preferences. GET is tenant-scoped because its view flags depend on the
 * permissions in the current organisation; the saves are per user and need no organisation.
 */
import {
  PREFERENCES_PATHS,
  preferenceDefaultsSchema,
  preferencesResponseSchema,
  preferencesSchema,
  updatePreferenceDefaultsBodySchema,
  updatePreferencesBodySchema,
} from '@orchard/shared/preferences';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, requireTenant } from '../../plugins/access';
import { errorResponses } from '../../http/schemas';
import { getDefaults, getPreferences, setCurrentAsDefault, setTheme, updateDefaults } from './preferences.service';
import { memberPolicy, signedInPolicy } from '../../http/policies';

export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    PREFERENCES_PATHS.preferences,
    {
      config: memberPolicy,
      schema: {
        tags: ['preferences'],
        summary: 'Theme, saved default and the view flags of the current organisation',
        response: { 200: preferencesResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { userId, permissions } = requireTenant(request);
      return getPreferences(app.db, userId, permissions);
    },
  );

  app.put(
    PREFERENCES_PATHS.preferences,
    {
      config: signedInPolicy,
      schema: {
        tags: ['preferences'],
        summary: 'Save the theme',
        body: updatePreferencesBodySchema,
        response: { 200: preferencesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => setTheme(app.db, requireAuth(request).userId, request.body.themeId),
  );

  app.get(
    PREFERENCES_PATHS.defaults,
    {
      config: signedInPolicy,
      schema: {
        tags: ['preferences'],
        summary: 'The saved defaults ("reload defaults"); the app default theme when none are saved',
        response: { 200: preferenceDefaultsSchema, ...errorResponses(401) },
      },
    },
    async (request) => getDefaults(app.db, requireAuth(request).userId),
  );

  app.put(
    PREFERENCES_PATHS.defaults,
    {
      config: signedInPolicy,
      schema: {
        tags: ['preferences'],
        summary: 'Save a default theme, or reset with null (no saved default, app default theme)',
        body: updatePreferenceDefaultsBodySchema,
        response: { 200: preferencesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => updateDefaults(app.db, requireAuth(request).userId, request.body.themeId),
  );

  app.post(
    PREFERENCES_PATHS.setCurrentAsDefault,
    {
      config: signedInPolicy,
      schema: {
        tags: ['preferences'],
        summary: 'Make the current theme the saved default',
        response: { 200: preferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => setCurrentAsDefault(app.db, requireAuth(request).userId),
  );
};
