# syntax=docker/dockerfile:1
# The web container: the built single-page app (with its precompressed .br/.gz assets) served by the
# small web server (web/server), which proxies /api to the gateway (GATEWAY_URL).
#   docker build -f infra/docker/web.Dockerfile -t shm/web .
#
# Stages: manifests (every workspace's package.json) → build (all dependencies; `vite build` into
# web/dist, the pages' server render into web/dist-ssr (one self-contained module), and the server
# bundled with the @shm/* workspace packages into one ES module) → deps (the production dependencies
# of @shm/platform, all the server imports, and the sharing card's renderer; the SPA's own packages
# are already inside web/dist and web/dist-ssr) → runtime (node, web/dist, web/dist-ssr, the server
# bundle, those dependencies), as uid 1000.
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
# The web workspace's tsconfig extends the root one, and the methodology page takes in
# docs/methodology.md at build time (.dockerignore lets exactly that doc in).
COPY tsconfig.base.json ./
COPY docs/methodology.md ./docs/methodology.md
COPY packages ./packages
COPY web ./web
COPY infra/docker/bundle.mjs ./infra/docker/bundle.mjs
RUN npm run build -w web \
 && node infra/docker/bundle.mjs web/server/main.ts web/server-dist/main.mjs

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY --from=manifests /manifests/ ./
RUN --mount=type=secret,id=npm-ca \
    if [ -s /run/secrets/npm-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm-ca; fi \
 && npm install --omit=dev --no-audit --no-fund --ignore-scripts --workspace=packages/platform \
 && rm -rf node_modules/@shm \
 && npm cache clean --force
# The web server's own packages, at the versions web/package.json asks for: the sharing card's
# renderer (web/server/seo/og-image.ts, a native package: this platform's binary), helmet, lru-cache
# and negotiator. In web/node_modules, found before the root's, so none replaces a version that one
# of platform's packages uses (the SPA's own dependencies are never installed here).
RUN --mount=type=secret,id=npm-ca \
    if [ -s /run/secrets/npm-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm-ca; fi \
 && node -p "const d = require('./web/package.json').dependencies; ['@resvg/resvg-js', 'helmet', 'lru-cache', 'negotiator'].map((n) => n + '@' + d[n]).join('\\n')" > /tmp/web-server.txt \
 && xargs -a /tmp/web-server.txt npm install --prefix /tmp/web-server --omit=dev --no-audit --no-fund --ignore-scripts \
 && mkdir -p web/node_modules && cp -r /tmp/web-server/node_modules/. web/node_modules/ \
 && rm -rf /tmp/web-server /tmp/web-server.txt && npm cache clean --force
# Every npm package the server bundle imports must be here (a new one goes into packages/platform or here).
COPY --from=build /app/web/server-dist/main.mjs.externals.json /tmp/externals.json
COPY infra/docker/bundle.mjs /tmp/bundle.mjs
RUN mkdir -p web/server-dist && node /tmp/bundle.mjs --check /tmp/externals.json web/server-dist

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# Declared again: an ARG from before the first FROM is visible only to FROM lines.
ARG NODE_VERSION
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
LABEL org.opencontainers.image.title="shm-web" \
      org.opencontainers.image.description="SHM node economics: the single-page app and its server (proxies /api to the gateway)" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.base.name="docker.io/library/node:${NODE_VERSION}-bookworm-slim"
ENV NODE_ENV=production \
    BIND_HOST=0.0.0.0 \
    WEB_PORT=8080 \
    WEB_DIST=/app/web/dist \
    SERVICE=web
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/web/node_modules ./web/node_modules
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/web/dist-ssr ./web/dist-ssr
COPY --from=build /app/web/server-dist ./web/server-dist
COPY infra/docker/healthcheck.mjs ./healthcheck.mjs
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 CMD ["node", "healthcheck.mjs"]
CMD ["node", "--enable-source-maps", "web/server-dist/main.mjs"]
