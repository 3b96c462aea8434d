/**
 * Where a save was made, when the browser already has permission to say so. Never prompts and
 * never holds a save up for long: without permission, without the API, on an error or after
 * POSITION_WAIT_MS the record is saved with null coordinates.
 */
const POSITION_WAIT_MS = 1500;

export interface Position {
  lat: number | null;
  lng: number | null;
}

const NONE: Position = { lat: null, lng: null };

export async function currentPosition(): Promise<Position> {
  try {
    if (typeof navigator === 'undefined' || !navigator.geolocation || !navigator.permissions) return NONE;
    const status = await navigator.permissions.query({ name: 'geolocation' });
    if (status.state !== 'granted') return NONE;
    return await new Promise<Position>((resolve) => {
      const timer = setTimeout(() => resolve(NONE), POSITION_WAIT_MS);
      navigator.geolocation.getCurrentPosition(
        (p) => {
          clearTimeout(timer);
          resolve({ lat: p.coords.latitude, lng: p.coords.longitude });
        },
        () => {
          clearTimeout(timer);
          resolve(NONE);
        },
        { timeout: POSITION_WAIT_MS, maximumAge: 60_000 },
      );
    });
  } catch {
    return NONE;
  }
}
