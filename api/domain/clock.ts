/** Where commands, tokens and signed links read the time; tests hand in a clock they move. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
