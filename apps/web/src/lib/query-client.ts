/**
 * The one QueryClient. Loaded with the first screen that needs server data (never by the login
 * route itself), and shared by the sign-in flow, the shell and the session-expired dialog.
 */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // never retry what the server refused; retry flaky networks twice
        retry: (count, error) => (isApiError(error) ? error.isNetworkError && count < 2 : count < 2),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
