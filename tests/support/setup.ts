import { format } from 'node:util';
import { afterEach } from 'vitest';

// A console.error during a test fails it: it is how React, and code that swallows errors, report
// what went wrong. A test that expects one silences it with
// `vi.spyOn(console, 'error').mockImplementation(() => {})`, which this wrapper then never sees.
// The files of a worker share one module registry (`isolate: false`) and this file runs before
// each of them, so console.error is wrapped once per worker and each file empties what it caught.
const caught = Symbol.for('institute.tests.consoleErrors');
const store = globalThis as { [caught]?: string[] };

function catchConsoleErrors(): string[] {
  const logged: string[] = [];
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    logged.push(format(...args));
    print(...args);
  };
  return logged;
}

const logged = (store[caught] ??= catchConsoleErrors());

afterEach(() => {
  const seen = logged.splice(0);
  if (seen.length) throw new Error(`console.error was called during the test:\n${seen.join('\n')}`);
});
