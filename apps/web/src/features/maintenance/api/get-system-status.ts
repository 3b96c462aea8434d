/** GET /api/system/status (public), fetched without the client's maintenance redirect. */
import { SHELL_PATHS, systemStatusSchema, type SystemStatus } from '@orchard/shared/shell';

export async function getSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  const res = await fetch(SHELL_PATHS.systemStatus, { credentials: 'same-origin', signal, headers: { Accept: 'application/json' } });
  // 503 while maintenance is on: the server is reachable
  if (res.status === 503) return { online: true, maintenance: true };
  if (!res.ok) throw new Error(`status ${res.status}`);
  return systemStatusSchema.parse(await res.json());
}
