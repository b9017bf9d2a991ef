/**
 * Loaded into a server process with `--import`: its clock runs CLOCK_OFFSET_MS ahead of the real
 * one, so a check sees what time does to signed, expiring addresses without waiting for it.
 * It covers `new Date()`, `new Date(value)` and `Date.now()`, the forms the server's code uses.
 */
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const RealDate = Date;

class ShiftedDate extends RealDate {
  constructor(...args: [] | [value: number | string | Date]) {
    super(args.length === 0 ? RealDate.now() + offset : args[0]);
  }

  static override now() {
    return RealDate.now() + offset;
  }
}

globalThis.Date = ShiftedDate as DateConstructor;
