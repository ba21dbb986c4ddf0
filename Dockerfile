# The console as one image: the built web app, the server bundle and its report worker, the SQL migrations,
# and the production packages the bundle leaves outside (the embedded database, argon2, pdfkit, the fonts).
# Build: docker build -t lightwell .   Run: see compose.yaml and docs/deploy.md.

# --- build: every package, then the web app and the server bundle -------------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/simulator/package.json apps/simulator/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- packages: the server's production dependencies only --------------------------------------------------
FROM node:20-bookworm-slim AS packages
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
RUN npm ci --omit=dev --workspace @lightwell/server --include-workspace-root=false --no-audit --no-fund \
 # The PDFs use two of the font package's nine weights (reports/pdf/fonts.ts): about 70 MB less.
 && find node_modules/@expo-google-fonts/noto-sans-sc -name '*.ttf' \
      ! -name NotoSansSC_400Regular.ttf ! -name NotoSansSC_700Bold.ttf -delete

# --- run: no compiler, no dev dependencies, not root -------------------------------------------------------
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    LOG_FORMAT=json \
    PORT=8080 \
    DATA_DIR=/var/lib/lightwell
WORKDIR /app
COPY --from=packages /app/node_modules ./node_modules
COPY --from=packages /app/package.json ./package.json
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
# The bundle finds these beside the sources it was built from (each file keeps its own import.meta.url):
# the migrations and the web app, at the same paths as in the build stage.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/src/db/migrations apps/server/src/db/migrations
COPY --from=build /app/apps/server/src/db/postgres-only apps/server/src/db/postgres-only
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /var/lib/lightwell && chown node:node /var/lib/lightwell
USER node
EXPOSE 8080
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/server/dist/server.mjs"]
