# syntax=docker/dockerfile:1
# Gabarita: one Node process serving the Remix app and /api/v1.
#   docker build -t gabarita .
#   docker run -p 3000:3000 -v gabarita-data:/data -e SESSION_SECRET=$(openssl rand -hex 32) gabarita

# --- dependencies (dev included: the build needs remix, esbuild, tailwind) ---
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# --- build, then drop dev dependencies ---
FROM deps AS build
# .git is not in the build context: pass these to show the commit in the footer and /version.json.
ARG GIT_COMMIT=""
ARG GIT_BRANCH=""
ARG GIT_COMMIT_DATE=""
ENV GIT_COMMIT=$GIT_COMMIT GIT_BRANCH=$GIT_BRANCH GIT_COMMIT_DATE=$GIT_COMMIT_DATE
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime ---
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
COPY --from=build --chown=root:root /app/public ./public
# The bundled server reads these at start, relative to the project root (server/db/index.ts).
COPY --from=build --chown=root:root /app/server/db/migrations ./server/db/migrations
COPY --from=build --chown=root:root /app/server/db/sql ./server/db/sql
# The discipline model predicts unlabelled questions at import (server/domain/classify/load.ts).
COPY --from=build --chown=root:root /app/server/domain/classify/default-model.json ./server/domain/classify/default-model.json
# Demo content, loaded only when SEED_DEMO=true.
COPY --from=build --chown=root:root /app/fixtures ./fixtures
# The code stays read-only to the app; only the data directory is writable.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# No curl in the slim image: Node's own fetch asks the health endpoint.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# V8 flags: server/node-flags.ts (ADR 028).
CMD ["node", "--heap-growing-percent=30", "--max-semi-space-size=8", "build/server/index.js"]
