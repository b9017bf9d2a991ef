import { format } from 'node:util';
import { afterEach } from 'vitest';

// A console.error during a test fails it: it is how React, and code that swallows errors, report
// what went wrong. A test that expects one silences it with
// `vi.spyOn(console, 'error').mockImplementation(() => {})`, which this wrapper then never sees.
const print = console.error.bind(console);
let logged: string[] = [];

console.error = (...args: unknown[]) => {
  logged.push(format(...args));
  print(...args);
};

afterEach(() => {
  const seen = logged;
  logged = [];
  if (seen.length) throw new Error(`console.error was called during the test:\n${seen.join('\n')}`);
});
