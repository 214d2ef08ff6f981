# One image recipe for every Node process of the product; SERVICE picks the entry point.
#   docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=calc -t shm/calc .
FROM node:20-bookworm-slim AS base
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages ./packages
COPY services ./services
COPY web/package.json ./web/package.json
# tsx (a dev dependency) runs the TypeScript entry points, so dev dependencies are installed too.
RUN npm install --no-audit --no-fund --include=dev && npm cache clean --force

FROM base AS service
ARG SERVICE
ENV SERVICE=${SERVICE} BIND_HOST=0.0.0.0 NODE_ENV=production
USER node
CMD ["sh", "-c", "exec node --import tsx services/${SERVICE}/src/main.ts"]
