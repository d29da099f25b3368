# syntax=docker/dockerfile:1
# Page stage: the Activity's page (web/activity; README, The Activity), built with the development
# packages it needs (Vite, Preact, the Embedded App SDK); none of their install scripts is needed for it.
FROM node:24-bookworm-slim AS page
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json ./
COPY src ./src
COPY web ./web
RUN npm run build:activity

# Build stage: better-sqlite3 compiles its native addon here, with the toolchain it needs.
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev
COPY tsconfig.json ./
COPY src ./src
# The bot compiled into lib/ (npm run build: what npm start runs; the command-line tools run src/ through tsx).
RUN npm run build
COPY migrations ./migrations
# The built page alone: the bot serves it when ACTIVITY_PORT is set.
COPY --from=page /app/web/activity/dist ./web/activity/dist

# Run stage: no compiler, a non-root user, the database (and the bot's health pulse) on a volume.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    DATABASE_PATH=/data/fengsheng.db
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# Healthy: the gateway connected (the pulse the bot writes in /data every 15 s) and the database answers.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["node", "lib/cli/health.js"]
# Token and application id come from the environment (docker run --env-file .env). node runs the bot
# itself (not npm), so docker stop's SIGTERM reaches it and it stops cleanly; with npm start's node
# options and its build (package.json: the old generation growing by a fifth, docs/operations.md;
# test/cli.test.ts keeps the two alike).
CMD ["node", "--heap-growing-percent=20", "lib/main.js"]
