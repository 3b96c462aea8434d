/** The Time Logger's clock: records are dated and windows end "now"; tests fix it with `vi.spyOn(clock, 'now')`. */
export const clock = {
  now: (): Date => new Date(),
};
