# The portal as a container: the client built and the server bundled at build time, run as a non-root user.
# Several instances share one PostgreSQL (DATABASE_URL) and one SECRETS_KEY; see deploy/compose.yaml.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data LOG_FORMAT=json SEED_DEMO=false \
    SHUTDOWN_DELAY_MS=5000 SHUTDOWN_TIMEOUT_MS=20000
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# Liveness: the process answers. Load balancers should poll /api/ready (database and migrations) instead.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "dist-server/main.mjs"]
