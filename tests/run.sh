#!/usr/bin/env bash
# `npm test`: every check, the type check and the lint side by side, then the rest one after
# another. A step that fails does not stop the ones after it, so one run names every failure; the summary at the end gives each step's time and the lines
# that name what failed, and the exit status is non-zero when any step failed.
#
# Without DATABASE_URL: type check, lint, the unit suite on PGlite, the build and the browser
# suite. With it, the database suites run on that PostgreSQL server too, and the reliability
# suite (PostgreSQL only) runs last. SUITE_SUMMARY names a file that receives the summary as well.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# Runs one step into its log and writes its summary lines beside it.
run_step() {
  local name=$1
  shift
  local started=$SECONDS status=0
  "$@" >"$logs/$name.log" 2>&1 || status=$?
  local took=$((SECONDS - started))
  local time
  time=$(printf '%dm%02ds' $((took / 60)) $((took % 60)))
  if [ "$status" -eq 0 ]; then
    echo "$name: passed in $time" >"$logs/$name.summary"
  else
    echo "$name: FAILED (exit $status) after $time" >"$logs/$name.summary"
    bash tests/failures.sh "$logs/$name.log" | sed 's/^/    /' >>"$logs/$name.summary"
  fi
}

# Runs one step, its output shown as it comes.
step() {
  printf '\n---- %s ----\n\n' "$1"
  run_step "$@" &
  local pid=$!
  tail -n +1 --pid="$pid" -F "$logs/$1.log" 2>/dev/null
  wait "$pid"
}

# The type check and the lint each keep one core busy for a minute: they run side by side, and
# their output shows once both have ended.
printf '\n---- typecheck and lint, side by side ----\n\n'
run_step typecheck npm run typecheck &
run_step lint npm run lint
wait
cat "$logs/typecheck.log" "$logs/lint.log"
step unit npm run test:unit
step browser npm run test:e2e
if [ -n "${DATABASE_URL:-}" ]; then
  step reliability npm run test:reliability
else
  echo "reliability: not run (PostgreSQL only; set DATABASE_URL to run it)" >"$logs/reliability.summary"
fi

printf '\n---- summary of npm test ----\n\n'
cat "$logs"/{typecheck,lint,unit,browser,reliability}.summary | tee "${SUITE_SUMMARY:-/dev/null}"
! grep -q ': FAILED' "$logs"/*.summary
