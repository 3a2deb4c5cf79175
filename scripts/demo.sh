#!/usr/bin/env bash
# `npm run demo`: builds Tidings, loads a sample data set into the embedded index, creates an api key,
# picks today's recommended articles, starts the API and prints example URLs. Ctrl-C stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-redis.sh
ensure_redis
export PORT="${PORT:-3000}"
echo "Building…"
npx turbo run build --output-logs=errors-only >/dev/null
mkdir -p data
echo "Generating and importing 2 000 sample articles…"
ids=$(node scripts/make-demo-data.mjs data/demo-articles.jsonl 2000)
npx tidings import data/demo-articles.jsonl
key=$(npx tidings keys create --name "demo $(date +%F\ %T)" --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).key))')
# shellcheck disable=SC2086
npx tidings recommended set $ids >/dev/null
node apps/api/dist/server.js &
api=$!
trap 'kill $api 2>/dev/null; wait $api 2>/dev/null' EXIT INT TERM
for _ in $(seq 1 50); do
  if node -e "fetch('http://127.0.0.1:${PORT}/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then break; fi
  sleep 0.2
done
base="http://127.0.0.1:${PORT}"
cat <<TXT

Tidings is running on ${base} (embedded index in ./data, Redis at ${REDIS_URL:-redis://127.0.0.1:6379}).
Your api key (shown once): ${key}

Try:
  curl '${base}/api/v2/feed/?apiKey=${key}&pageSize=3'
  curl '${base}/api/v2/feed/?apiKey=${key}&articleTypes=video,podcast&includeTopics=4000000'
  curl '${base}/api/v2/feed/?apiKey=${key}&searchTerms=climate,interest%20rates&excludeNonHttpsSources=1'
  curl '${base}/api/v2/feed-recommended/?apiKey=${key}'
  open ${base}/docs for the OpenAPI reference

Ctrl-C stops the API.
TXT
wait $api
