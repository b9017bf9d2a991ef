#!/usr/bin/env bash
# `npm test`: every check, one after another. A step that fails does not stop the ones after it,
# so one run names every failure; the summary at the end gives each step's time and the lines
# that name what failed, and the exit status is non-zero when any step failed.
#
# Without DATABASE_URL: type check, lint, the unit suite on PGlite, the build and the browser
# suite. With it, the database suites run on that PostgreSQL server too, and the reliability
# suite (PostgreSQL only) runs last. SUITE_SUMMARY names a file that receives the summary as well.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
summary=()
failed=0

# Runs one step, its output shown as it comes and kept for the summary.
step() {
  local name=$1
  shift
  printf '\n---- %s ----\n\n' "$name"
  local started=$SECONDS status=0
  "$@" 2>&1 | tee "$logs/$name.log" || status=$?
  local took=$((SECONDS - started))
  local time
  time=$(printf '%dm%02ds' $((took / 60)) $((took % 60)))
  if [ "$status" -eq 0 ]; then
    summary+=("$name: passed in $time")
  else
    failed=1
    summary+=("$name: FAILED (exit $status) after $time")
    while IFS= read -r line; do summary+=("    $line"); done < <(bash tests/failures.sh "$logs/$name.log")
  fi
}

step typecheck npm run typecheck
step lint npm run lint
step unit npm run test:unit
step browser npm run test:e2e
if [ -n "${DATABASE_URL:-}" ]; then
  step reliability npm run test:reliability
else
  summary+=("reliability: not run (PostgreSQL only; set DATABASE_URL to run it)")
fi

printf '\n---- summary of npm test ----\n\n'
printf '%s\n' "${summary[@]}" | tee "${SUITE_SUMMARY:-/dev/null}"
exit "$failed"
