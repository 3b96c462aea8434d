/** Signs in through the real token endpoint, for tests that need a genuine session. */
import { AUTH_PATHS, REFRESH_COOKIE } from '@orchard/shared/auth';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface SignInOptions {
  rememberMe?: boolean;
  /** the client flag (?path=anb on the login screen) */
  path?: string;
  /** caller address, to keep per-address rate limits apart */
  remoteAddress?: string;
}

export interface SignInResult {
  accessToken: string;
  /** `name=value` for a Cookie header, carrying the refresh token */
  cookie: string;
  /** the raw refresh token */
  refreshToken: string;
  response: LightMyRequestResponse;
}

/** Throws (with the answer) unless the sign-in succeeds. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  opts: SignInOptions = {},
): Promise<SignInResult> {
  const response = await app.inject({
    method: 'POST',
    url: AUTH_PATHS.token,
    payload: {
      grant_type: 'password',
      username,
      password,
      remember_me: opts.rememberMe ?? false,
      ...(opts.path === undefined ? {} : { path: opts.path }),
    },
    ...(opts.remoteAddress === undefined ? {} : { remoteAddress: opts.remoteAddress }),
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in as ${username} failed: ${response.statusCode} ${response.body}`);
  }
  const refresh = response.cookies.find((c) => c.name === REFRESH_COOKIE);
  if (!refresh) throw new Error(`sign-in as ${username} set no ${REFRESH_COOKIE} cookie`);
  const { access_token: accessToken } = response.json<{ access_token: string }>();
  return { accessToken, cookie: `${refresh.name}=${refresh.value}`, refreshToken: refresh.value, response };
}
