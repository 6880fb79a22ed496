# syntax=docker/dockerfile:1
# messaging service image. Build from the repository root (BuildKit, the default builder since Docker 23):
#   docker build -f docker/messaging.Dockerfile -t platform/messaging:TAG .
# The same image runs the api (ROLE=api), the worker (ROLE=worker) and the migration Job (`node main.js migrate`).

# ---- build: the whole workspace, then the one app ------------------------------------------------------
FROM node:22-bookworm-slim AS build
WORKDIR /repo
ENV CI=true NX_DAEMON=false NX_NO_CLOUD=true SCARF_ANALYTICS=false NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json .npmrc ./
# `npm install` only if `npm ci` rejects the lockfile (see docker/README.md); it still installs the locked versions.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund \
 || { echo 'WARNING: npm ci rejected package-lock.json; falling back to npm install' >&2; npm install --no-audit --no-fund; }
COPY . .
# -> dist/apps/messaging/: main.js (webpack bundle), package.json (its runtime deps), package-lock.json
RUN npx nx build messaging --configuration=production

# ---- runtime: the bundle and its production dependencies only -------------------------------------------
FROM node:22-bookworm-slim AS runtime
# tini runs as PID 1: it forwards SIGTERM to node and reaps exited child processes.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3200 \
    DATA_DIR=/app/.data \
    NODE_OPTIONS=--enable-source-maps \
    SCARF_ANALYTICS=false \
    NPM_CONFIG_UPDATE_NOTIFIER=false
COPY --from=build /repo/dist/apps/messaging/ ./
# This is the npm 10 that ships with node:22, which runs dependency install scripts as usual (npm 11 on
# developer machines needs the root package.json's allowScripts list for that). The app's files stay owned
# by root: the app user can read them, not change them.
RUN --mount=type=cache,target=/root/.npm \
    { npm ci --omit=dev --no-audit --no-fund \
      || { echo 'WARNING: npm ci rejected package-lock.json; falling back to npm install' >&2; npm install --omit=dev --no-audit --no-fund; }; } \
 && mkdir -p /app/.data \
 && chown 1000:1000 /app/.data
# The `node` user of the base image, by number so that Kubernetes can verify runAsNonRoot.
USER 1000:1000
EXPOSE 3200
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--min-semi-space-size=8", "--max-semi-space-size=8", "main.js"]
