#!/usr/bin/env bash
# The lines of a test run's output (the file named, or standard input) that name what failed, in
# tsc, ESLint, Prettier, Vitest and Playwright, without colours and without the browser suite's
# server; each once, at most 25.
sed -E 's/\x1b\[[0-9;]*m//g' "${1:-/dev/stdin}" | grep -v '^server:' |
  grep -E 'error TS|^\s*[0-9]+:[0-9]+\s+error|\[warn\]|^\s*(FAIL|×)|✘|^\s+[0-9]+\) \[|Error: |Timed out|did not' |
  awk '!seen[$0]++' | head -n 25
