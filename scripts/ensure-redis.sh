# Sourced by scripts/test.sh and scripts/demo.sh: makes sure Redis answers at REDIS_URL, starting a
# local redis-server when one is installed and the URL points at this machine.
ensure_redis() {
  local url="${REDIS_URL:-redis://127.0.0.1:6379}"
  local hostport="${url#*://}"; hostport="${hostport#*@}"; hostport="${hostport%%/*}"
  local host="${hostport%%:*}" port="${hostport##*:}"
  [ "$port" = "$hostport" ] && port=6379
  if node -e "const s=require('net').connect(${port},'${host}');s.on('connect',()=>{s.write('PING\r\n')});s.on('data',d=>process.exit(String(d).startsWith('+PONG')?0:1));s.on('error',()=>process.exit(1));setTimeout(()=>process.exit(1),2000)"; then
    return 0
  fi
  if command -v redis-server >/dev/null 2>&1 && { [ "$host" = 127.0.0.1 ] || [ "$host" = localhost ]; }; then
    echo "Redis is not answering at $url: starting a local redis-server on port $port (no persistence)." >&2
    redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no >/dev/null
    sleep 0.5
    return 0
  fi
  echo "Redis is not reachable at $url. Start one (e.g. 'apt-get install redis-server && redis-server --daemonize yes') or set REDIS_URL to a running Redis." >&2
  return 1
}
