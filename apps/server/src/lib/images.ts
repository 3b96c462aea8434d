/**
 * sharp (libvips), loaded the first time a picture is made: memory (BENCHMARKS.md, Section `cold`) that
 * most processes never need (only avatar uploads and photo downloads decode images), so a server
 * that serves lists and reports does not carry it. libvips's cache of finished operations is off:
 * each picture is made once, and a kept result would only hold memory.
 */
import type { Sharp, SharpOptions } from 'sharp';

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;

let loading: Promise<SharpFactory> | null = null;

export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/** the picture pipeline over these bytes */
export async function imageOf(input: Buffer, options: SharpOptions): Promise<Sharp> {
  return (await loadSharp())(input, options);
}
