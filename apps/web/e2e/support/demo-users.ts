/**
 * The demo sign-ins, read at run time from the server's seed list (apps/server/src/db/seed/demo-users.ts)
 * so no password is written twice. Loaded by URL because the web TypeScript project cannot include
 * server sources; the interface below names the fields the browser suite uses.
 */
export interface DemoMembership {
  organization: string;
  organizationName: string;
  roles: readonly string[];
}

export interface DemoUser {
  userName: string;
  password: string;
  fullName: string;
  jobTitle: string;
  isEnabled: boolean;
  lockedOut: boolean;
  organizations: readonly DemoMembership[];
}

const SEED_MODULE = new URL('../../../server/src/db/seed/demo-users.ts', import.meta.url).href;

export const DEMO_USERS: readonly DemoUser[] = ((await import(SEED_MODULE)) as { DEMO_USERS: readonly DemoUser[] }).DEMO_USERS;

/** A demo user by name; throws for a name that is not in the seed (catches typos). */
export function demoUser(userName: string): DemoUser {
  const found = DEMO_USERS.find((u) => u.userName === userName);
  if (!found) throw new Error(`No demo user ${userName}`);
  return found;
}
