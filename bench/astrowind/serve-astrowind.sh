#!/usr/bin/env bash
# Builds AstroWind (onwidget/astrowind), the static template the first view is compared with
# (issue 56), and serves it with nginx on 127.0.0.1:4840 for the bench:
#
#   bash bench/astrowind/serve-astrowind.sh /path/to/astrowind-checkout
#   BENCH_ONLY=lighthouse BENCH_REFERENCE_URL=http://127.0.0.1:4840/ npm run bench
#
# The checkout is built as it is, but for its remote photos (images.unsplash.com), which its build
# fetches to size them: they are swapped for the template's own default image, and the pages other
# than `/` that use them are left out, so the build needs no network beyond the npm registry.
# The photos on `/` are below the first screen and lazy, so the first view is the template's own.
# Stop the server with: nginx -p "$WORK" -c "$WORK/nginx.conf" -s stop
set -euo pipefail

SOURCE=${1:?usage: serve-astrowind.sh <astrowind checkout>}
PORT=${ASTROWIND_PORT:-4840}
WORK=${ASTROWIND_WORK:-/tmp/astrowind-reference}

rm -rf "$WORK" && mkdir -p "$WORK/logs"
git clone --quiet "$SOURCE" "$WORK/site"
cd "$WORK/site"
echo "AstroWind at $(git rev-parse HEAD)"
rm -rf src/pages/homes src/pages/landing src/pages/pricing.astro src/pages/services.astro src/pages/about.astro
sed -i "s#src: 'https://images.unsplash.com/[^']*'#src: '~/assets/images/default.png'#" src/pages/index.astro
sed -i -E "s#^image: https://images.unsplash.com/.*#image: ~/assets/images/default.png#" src/data/post/*
npm ci --no-audit --no-fund >"$WORK/logs/install.log" 2>&1
npm run build >"$WORK/logs/build.log" 2>&1

cat >"$WORK/nginx.conf" <<CONF
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/logs/error.log;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  gzip on;
  gzip_types text/css application/javascript image/svg+xml application/json text/plain;
  server {
    listen 127.0.0.1:$PORT;
    root $WORK/site/dist;
    location / { try_files \$uri \$uri/index.html =404; }
  }
}
CONF
nginx -p "$WORK" -c "$WORK/nginx.conf"
echo "AstroWind served at http://127.0.0.1:$PORT/"
