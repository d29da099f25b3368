# syntax=docker/dockerfile:1
# Build stage: better-sqlite3 compiles its native addon here, with the toolchain it needs.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev
COPY tsconfig.json ./
COPY src ./src
COPY migrations ./migrations

# Run stage: no compiler, a non-root user, the database on a volume.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    DATABASE_PATH=/data/fengsheng.db
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# Token and application id come from the environment (docker run --env-file .env).
CMD ["node", "--import", "tsx", "src/main.ts"]
