#
# One image recipe for every deployable. The compiled output of all apps is in
# every image; APP picks which one the container starts:
#
#   docker build --build-arg APP=api-gateway -t ghcr.io/qr-platform/api-gateway:latest .
#   docker build --build-arg APP=admin-cli   -t ghcr.io/qr-platform/admin-cli:latest .
#
# APP is one of: api-gateway, qr-service, redirect-service, analytics-service,
# webhook-dispatcher, all-in-one, admin-cli. Since APP only sets an environment
# variable in the last layer, the images share every other layer, and any of them
# can also be started as another app with `docker run -e APP=...`.
#
# The build reaches only the npm registry and Debian's mirror (no Dockerfile frontend
# to pull, no prebuilt binaries or Node headers from elsewhere). Where npm trusts a CA
# bundle of its own (`npm config get cafile`), pass it as a secret: it is mounted for
# `npm ci` only and never stored in a layer:
#
#   docker build --secret id=npm-ca,src="$(npm config get cafile)" --build-arg APP=... .
#
# Without Docker Hub, scripts/docker-base-images.js builds a stand-in for NODE_IMAGE
# (docs/operations.md, "Build the images without access to Docker Hub").

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- deps: every dependency, dev ones included. better-sqlite3 compiles natively
# (its prebuilt binary is downloaded from outside the registry), hence python3, make
# and g++, against the base image's own Node headers (nodedir) instead of downloaded ones.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=npm-ca \
    if [ -s /run/secrets/npm-ca ]; then export npm_config_cafile=/run/secrets/npm-ca; fi \
 && npm ci

# ---- build: compile to dist/, then drop from node_modules what production never loads.
FROM deps AS build
ENV NX_DAEMON=false \
    NX_NO_CLOUD=true
COPY . .
RUN npm run build \
 && npm prune --omit=dev \
 && sh scripts/docker-prune.sh

# ---- runtime: no compiler, no sources, no dev dependencies; runs as `node` (uid 1000).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
# Files stay owned by root: the process only reads them (Kubernetes mounts the root
# filesystem read-only). ./data is the one writable place, for the SQLite files of
# all-in-one; mount a volume there to keep them.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000

ARG APP=all-in-one
ENV APP=${APP}
# exec: node becomes PID 1 and receives SIGTERM itself, for the graceful drain.
CMD ["sh", "-c", "exec node dist/apps/${APP}/src/main.js"]
