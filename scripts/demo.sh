#!/usr/bin/env bash
# `npm run demo`: the whole of Tidings on one machine. Builds, serves example publisher feeds from a
# local HTTP server, registers them, starts the worker and ingests them, starts the API, creates an
# api key, picks today's recommended articles and prints example URLs. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."
export PORT="${PORT:-3000}"
FEEDS_PORT="${FEEDS_PORT:-3001}"
NEWS_PORT="${NEWS_PORT:-$((FEEDS_PORT + 1))}"
# A port already taken (most often by a demo still running) would leave the demo talking to someone
# else's server: say so and stop before anything starts.
for named in "PORT=$PORT" "FEEDS_PORT=$FEEDS_PORT" "NEWS_PORT=$NEWS_PORT"; do
  if ! node -e "const s=require('net').createServer();s.once('error',()=>process.exit(1));s.listen(${named#*=},'0.0.0.0',()=>s.close(()=>process.exit(0)))"; then
    echo "Port ${named#*=} (${named%%=*}) is already in use — another 'npm run demo' still running? Stop it, or move this one: PORT=3100 FEEDS_PORT=3101 NEWS_PORT=3102 npm run demo" >&2
    exit 1
  fi
done
source scripts/ensure-redis.sh
ensure_redis
echo "Building…"
npx turbo run build --output-logs=errors-only >/dev/null
mkdir -p data
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT
trap 'exit 130' INT TERM

# How long a part may take to start (60 s): on a busy or slow machine the worker took over the 10 s this
# was, and the demo stopped with "The worker did not start" and an empty log while it was starting.
START_WAIT_TICKS=300
wait_for() { # url [pid: give up as soon as it has exited]
  for _ in $(seq 1 "$START_WAIT_TICKS"); do
    if [ -n "${2:-}" ] && ! kill -0 "$2" 2>/dev/null; then return 1; fi
    if node -e "fetch('$1').then(r=>process.exit(r.status<500?0:1),()=>process.exit(1))"; then return 0; fi
    sleep 0.2
  done
  echo "gave up waiting for $1" >&2
  return 1
}

node scripts/demo-feeds.mjs data/demo-feeds "$FEEDS_PORT" "$NEWS_PORT" >/dev/null &
feeds=$!
pids+=($feeds)
wait_for "http://127.0.0.1:${FEEDS_PORT}/daily-news.xml" "$feeds" || { echo "The demo feeds server did not start." >&2; exit 1; }
ALLOW_PRIVATE_NETWORKS=1 npx tidings sources sync data/demo-feeds/sources.yaml

# The demo feeds live on 127.0.0.1, which the SSRF guard refuses unless told otherwise; the demo news
# site's https certificate is the demo's own, which the worker trusts through NODE_EXTRA_CA_CERTS.
for _ in $(seq 1 50); do [ -s data/demo-feeds/demo-cert.pem ] && break; sleep 0.1; done
NODE_EXTRA_CA_CERTS="$PWD/data/demo-feeds/demo-cert.pem" ALLOW_PRIVATE_NETWORKS=1 LOG_LEVEL=info node --max-old-space-size=256 --max-semi-space-size=8 apps/worker/dist/main.js > data/demo-worker.log 2>&1 &
worker=$!
pids+=($worker)
for _ in $(seq 1 "$START_WAIT_TICKS"); do
  grep -q '"worker ready"' data/demo-worker.log 2>/dev/null && break
  kill -0 "$worker" 2>/dev/null || break
  sleep 0.2
done
if ! kill -0 "$worker" 2>/dev/null || ! grep -q '"worker ready"' data/demo-worker.log; then
  if kill -0 "$worker" 2>/dev/null; then
    echo "The worker did not say it was ready within $((START_WAIT_TICKS / 5)) s; its log so far:" >&2
  else
    echo "The worker did not start:" >&2
  fi
  tail -5 data/demo-worker.log >&2
  exit 1
fi
echo "Ingesting the demo feeds…"
npx tidings ingest --all --wait
# The worker's schedulers may have fetched the feeds first; the index says what is there either way.
npx tidings status | head -n 1

node apps/api/dist/server.js > data/demo-api.log 2>&1 &
api=$!
pids+=($api)
base="http://127.0.0.1:${PORT}"
if ! wait_for "${base}/healthz" "$api"; then
  echo "The API did not start:" >&2
  tail -5 data/demo-api.log >&2
  exit 1
fi
if [ "${INDEX:-embedded}" = meilisearch ]; then
  where="Meilisearch index '${MEILI_INDEX:-articles}' at ${MEILI_URL:-?}"
else
  where="embedded index in ${DATA_DIR:-./data}"
fi
key=$(npx tidings keys create --name "demo $(date +%F\ %T)" --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).key))')
ids=$(node -e "fetch('${base}/api/v2/feed/?pageSize=3&excludeNonHttpsSources=0', {headers: {'x-api-key': '${key}'}}).then(r=>r.json()).then(b=>console.log(b.articles.map(a=>a.id).join(' ')))")
# shellcheck disable=SC2086
[ -n "$ids" ] && npx tidings recommended set $ids >/dev/null
# The desk's admin editor: made on the first run, and given a new one-time link on the next ones
# (editors are kept in Redis; a new one each run filled the desk's editor list with demo editors).
editor="editor@demo.example"
before=""
made=$(PUBLIC_URL="${base}" npx tidings editors add "$editor" --name "Demo Editor" --role admin --json 2>/dev/null) || {
  made=$(PUBLIC_URL="${base}" npx tidings editors reset "$editor" --json)
  before="; the password chosen on an earlier run works too"
}
link=$(node -e 'console.log(JSON.parse(process.argv[1]).link)' "$made")

cat <<TXT

Tidings is running: API on ${base}, worker polling 8 demo feeds served on http://127.0.0.1:${FEEDS_PORT}
(the daily news site answers on https://localhost:${NEWS_PORT} with the demo's own certificate)
(${where}, Redis at ${REDIS_URL:-redis://127.0.0.1:6379}; logs in data/demo-*.log).
Your api key (shown once): ${key}
The editorial desk: ${base}/desk/ — sign in as ${editor} by opening this one-time link
(it asks for a password of 12 characters or more${before}): ${link}

Try:
  curl '${base}/api/v2/feed/?apiKey=${key}&pageSize=3'
  curl '${base}/api/v2/feed/?apiKey=${key}&articleTypes=podcast,video'
  curl '${base}/api/v2/feed/?apiKey=${key}&includeTopics=4000000&includePaywalled=0'
  curl '${base}/api/v2/feed/?apiKey=${key}&excludeNonHttpsSources=1'
  curl '${base}/api/v2/feed/?apiKey=${key}&excludeNonIframeableSources=1'
  curl '${base}/api/v2/feed/?apiKey=${key}&searchTerms=interest%20rates,caf%C3%A9'
  curl '${base}/api/v2/feed-recommended/?apiKey=${key}'
  curl '${base}/api/v2/facets/?apiKey=${key}&facets=types,topics,sources'
  curl '${base}/api/v2/feed/?apiKey=${key}&collapseStories=1&languages=en'
  curl '${base}/api/v2/sources/?apiKey=${key}'
  npx tidings sources list      # sources and their state
  npx tidings status            # queues, index, failing sources
  open ${base}/docs for the OpenAPI reference

Ctrl-C stops everything.
TXT
# When one part stops on its own, say which and stop the rest (a demo half running answers nothing).
while :; do
  wait -n "${pids[@]}" || true
  for name in api worker feeds; do
    if ! kill -0 "${!name}" 2>/dev/null; then
      echo "The demo's ${name} stopped$([ "$name" = feeds ] || echo ": see data/demo-${name}.log"); stopping the demo." >&2
      exit 1
    fi
  done
done
