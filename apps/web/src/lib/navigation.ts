/** Where to return after maintenance; kept in sessionStorage so a reload of /maintenance keeps it. */
const RETURN_KEY = 'orchard.maintenance.returnTo';

export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // ignore
  }
}

export function takeReturnPath(): string {
  try {
    const v = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return v && v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/maintenance') ? v : '/';
  } catch {
    return '/';
  }
}
