# syntax=docker/dockerfile:1
# The service's image. Alone it runs `npm start` (everything in one process on embedded PGlite
# in /app/data); docker-compose.yml runs each process of the deployment from it with its own
# command (docs/deployment.md).
FROM node:20-bookworm-slim

WORKDIR /app
RUN chown node:node /app
USER node

# Everything first: `npm ci` runs `prepare`, the build, which compiles the sources to dist/
# (so the services start from JavaScript, scripts/start.mjs) and needs the dev dependencies
# (TypeScript) to do it; they are pruned afterwards. The cache mount keeps a rebuild after a
# source change from downloading every package again.
COPY --chown=node:node . .
RUN --mount=type=cache,target=/home/node/.npm,uid=1000,gid=1000 \
    npm ci --no-audit --no-fund \
    && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

# The allocator's settings `npm start` sets before node (docs/database.md#memory): blocks of
# 64 KiB and more are mapped and given back when freed, and free memory at the top of a heap
# above 128 KiB is returned.
ENV HOST=0.0.0.0 \
    PORT=8000 \
    DATA_DIR=/app/data \
    MALLOC_MMAP_THRESHOLD_=65536 \
    MALLOC_TRIM_THRESHOLD_=131072
EXPOSE 8000

# `npm start`'s command, without npm in between: npm does not pass SIGTERM on to the service.
CMD ["node", "--max-semi-space-size=2", "--heap-growing-percent=20", "scripts/start.mjs", "services/standalone/main.ts"]
