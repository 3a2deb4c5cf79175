# One image for the API, the worker and the CLI (the command picks which).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json turbo.json tsconfig.base.json ./
COPY packages ./packages
COPY apps ./apps
RUN npm ci --no-audit --no-fund && npx turbo run build && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
# MALLOC_ARENA_MAX: the API's query threads each loaded a million rows once; fewer glibc arenas keep
# that start-up garbage from staying resident. GLIBC_TUNABLES: blocks of 64 KB and more are mapped on
# their own and given back when freed (glibc's moving threshold kept ~120 MB of freed arrays resident).
ENV NODE_ENV=production DATA_DIR=/data MALLOC_ARENA_MAX=2 GLIBC_TUNABLES=glibc.malloc.mmap_threshold=65536
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["node", "apps/api/dist/server.js"]
