/** Map tiles in the journeys: the tile server is not reachable from the test machine. */
import type { Page } from '@playwright/test';

/** a 1x1 PNG for every map tile: the tile server is not reachable from the test machine */
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Answers every map tile with the stub; returns how many were asked for so far. */
export async function stubTiles(page: Page): Promise<() => number> {
  let tiles = 0;
  await page.route('https://tile.openstreetmap.org/**', (route) => {
    tiles += 1;
    return route.fulfill({ status: 200, contentType: 'image/png', body: TILE });
  });
  return () => tiles;
}
