/** Farm operations' clock: "today" for the export range; tests fix it with `vi.spyOn(clock, 'now')`. */
export const clock = {
  now: (): Date => new Date(),
};
