/** Login history's clock: the windows end "now"; tests fix it with `vi.spyOn(clock, 'now')`. */
export const clock = {
  now: (): Date => new Date(),
};
