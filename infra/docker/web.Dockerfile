# The SPA container: builds the static app, then serves it and proxies /api to the gateway.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages ./packages
COPY services ./services
COPY web ./web
RUN npm install --no-audit --no-fund --include=dev && npm run build -w web

FROM build AS web
ENV NODE_ENV=production BIND_HOST=0.0.0.0
USER node
EXPOSE 8080
CMD ["node", "--import", "tsx", "web/server/main.ts"]
