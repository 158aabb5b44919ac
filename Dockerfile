# syntax=docker/dockerfile:1
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

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- deps: every dependency, dev ones included (better-sqlite3 compiles natively
# when no prebuilt binary can be fetched, hence python3, make and g++).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# ---- build: compile to dist/, then drop the dev dependencies from node_modules, and
# every weight of the label fonts but the regular one print sheets use (60 MB of 63).
FROM deps AS build
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && find node_modules/@expo-google-fonts -type f ! -name '*_400Regular.ttf' ! -name 'package.json' -delete

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
