#!/usr/bin/env bash
# `npm test`: build, format check, lint, typecheck and every package's tests (through turbo),
# then one summary line. Needs Redis (started locally when possible) and ../shared/data.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-redis.sh
ensure_redis
echo "Node $(node --version) — building"
npx turbo run build --output-logs=errors-only
npx prettier --check . --log-level warn
npx eslint . --max-warnings 0
npx turbo run typecheck --output-logs=errors-only
rm -f packages/*/.vitest-report.json apps/*/.vitest-report.json
status=0
npx turbo run test --concurrency=2 --continue || status=$?
node scripts/test-summary.mjs
exit $status
