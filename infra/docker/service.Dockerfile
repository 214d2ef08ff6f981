# syntax=docker/dockerfile:1
# One image recipe for every Node service of the product; the SERVICE build argument picks which:
# calc, gateway, network, payments, dashboard or alerts. The payments image runs the API, the verification
# worker or both, chosen at run time with PAYMENTS_ROLE (api | worker | all).
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=calc -t shm/calc .
#
# Stages: manifests (every workspace's package.json, so npm reads the lock file as it is) → build
# (all dependencies; bundles the entry point and the @shm/* workspace packages into one ES module,
# infra/docker/bundle.mjs) → deps (the production dependencies of SERVICE's workspace only) →
# runtime (node, that bundle and those dependencies; no npm cache, tsx, TypeScript or dev packages),
# run as uid 1000 with the application files owned by root, so the process cannot change them.
# A second process of a service's package (services/<name>/src/<part>/main.ts, e.g. network's
# node-tracking) is bundled beside it as dist/<part>.mjs: the same image, run with another command.
ARG NODE_VERSION=20.20.2

FROM node:${NODE_VERSION}-bookworm-slim AS manifests
WORKDIR /src
COPY packages ./packages
COPY services ./services
COPY web/package.json ./web/package.json
RUN mkdir /manifests \
 && find . -name package.json -not -path '*/node_modules/*' -exec cp --parents {} /manifests/ \;

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY --from=manifests /manifests/ ./
# npm install, not npm ci: the lock file leaves out other platforms' optional packages, which npm ci
# refuses. No install scripts, as package.json's allowScripts has it locally (none is needed).
# Every npm step takes an optional build secret `npm-ca`: a CA bundle for a host that reaches the
# registry through a TLS-inspecting proxy (`--secret id=npm-ca,src=<bundle>`; the containers tier
# passes the host's when it detects one). A secret is mounted for that step only, never stored in a layer.
# The full install is tried twice: npm's cache can lose a race with itself while it fetches about
# 1,500 packages at once (EEXIST on renaming a tarball into _cacache, seen once in CI); the second
# run finds what the first fetched.
RUN --mount=type=secret,id=npm-ca \
    if [ -s /run/secrets/npm-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm-ca; fi \
 && { npm install --no-audit --no-fund --ignore-scripts --include=dev \
      || npm install --no-audit --no-fund --ignore-scripts --include=dev; } \
 && npm cache clean --force
COPY packages ./packages
COPY services ./services
COPY infra/docker/bundle.mjs ./infra/docker/bundle.mjs
ARG SERVICE
RUN test -n "${SERVICE}" || { echo 'build with --build-arg SERVICE=<calc|gateway|network|payments|dashboard|alerts>' >&2; exit 1; } \
 && node infra/docker/bundle.mjs "services/${SERVICE}/src/main.ts" dist/main.mjs \
 && for entry in "services/${SERVICE}/src/"*/main.ts; do \
      if [ -f "$entry" ]; then node infra/docker/bundle.mjs "$entry" "dist/$(basename "$(dirname "$entry")").mjs"; fi; \
    done

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY --from=manifests /manifests/ ./
ARG SERVICE
RUN --mount=type=secret,id=npm-ca \
    if [ -s /run/secrets/npm-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm-ca; fi \
 && npm install --omit=dev --no-audit --no-fund --ignore-scripts --workspace="services/${SERVICE}" \
 && rm -rf node_modules/@shm \
 && npm cache clean --force
# A package of the workspace whose version differs from the one hoisted for the others is installed
# under services/<SERVICE>/node_modules (network's lru-cache 11 beside a root 5); the bundle in dist/
# resolves dist/node_modules first, so it gets the workspace's version and the others keep theirs.
RUN mkdir -p dist/node_modules \
 && if [ -d "services/${SERVICE}/node_modules" ]; then cp -a "services/${SERVICE}/node_modules/." dist/node_modules/; fi
# The workspace packages are inside the bundle; every npm package the bundle imports must be here.
COPY --from=build /app/dist/main.mjs.externals.json /tmp/externals.json
COPY infra/docker/bundle.mjs /tmp/bundle.mjs
RUN node /tmp/bundle.mjs --check /tmp/externals.json dist

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# Declared again: an ARG from before the first FROM is visible only to FROM lines.
ARG NODE_VERSION
ARG SERVICE
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
LABEL org.opencontainers.image.title="shm-${SERVICE}" \
      org.opencontainers.image.description="SHM node economics: the ${SERVICE} service" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.base.name="docker.io/library/node:${NODE_VERSION}-bookworm-slim"
ENV NODE_ENV=production \
    BIND_HOST=0.0.0.0 \
    SERVICE=${SERVICE}
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=deps /app/dist/node_modules ./dist/node_modules
COPY infra/docker/healthcheck.mjs ./healthcheck.mjs
# The node image's unprivileged user, by number so Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
# No EXPOSE: each service listens on its own <SERVICE>_PORT (gateway 8000, calc 8101, payments 8102,
# network 8103, dashboard 8104, alerts 8105), which the healthcheck follows too.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["node", "healthcheck.mjs"]
CMD ["node", "--enable-source-maps", "dist/main.mjs"]
