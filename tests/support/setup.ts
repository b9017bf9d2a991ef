import { format } from 'node:util';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

// A console.error during a test is a failure: it is how React, and code that swallows errors,
// report what went wrong.
let consoleError: MockInstance<typeof console.error> | undefined;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = consoleError?.mock.calls ?? [];
  consoleError?.mockRestore();
  consoleError = undefined;
  if (calls.length) {
    throw new Error(`console.error was called during the test:\n${calls.map((args) => format(...args)).join('\n')}`);
  }
});
