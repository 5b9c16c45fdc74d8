import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pinnedCommand, SERVER_CPU, spawnGroup, stopGroup, waitForHttp } from './processes';
import { findFreePort } from '../tests/support/listen-on-loopback';

export const NGINX_PATH = '/usr/sbin/nginx';
const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export type NginxServer = {
  origin: string;
  /** Whether nginx can send the `.br` files (Debian's libnginx-mod-http-brotli-static). */
  hasBrotli: boolean;
  stop: () => Promise<void>;
};

/**
 * One worker, sendfile, the precompressed siblings served as they are, an access log like ours
 * and keep-alive without a request cap (ours has none): the way nginx is set up to serve a
 * static build, so the comparison is like with like.
 */
function nginxConf(options: { dir: string; root: string; port: number; hasBrotli: boolean }) {
  const { dir, root, port, hasBrotli } = options;
  return `${hasBrotli ? `load_module ${BROTLI_STATIC_MODULE};\n` : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    index index.html;
    gzip_static on;
    ${hasBrotli ? 'brotli_static on;' : ''}
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { try_files $uri $uri/ =404; }
  }
}
`;
}

export async function startNginx(clientDir: string): Promise<NginxServer | null> {
  if (!existsSync(NGINX_PATH)) return null;
  const port = await findFreePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  const hasBrotli = existsSync(BROTLI_STATIC_MODULE);
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(confFile, nginxConf({ dir, root: clientDir, port, hasBrotli }));
  const [command, args] = pinnedCommand(SERVER_CPU, NGINX_PATH, [
    '-p',
    dir,
    '-e',
    path.join(dir, 'error.log'),
    '-c',
    confFile,
  ]);
  const child = spawnGroup(command, args, { stdout: openSync(path.join(dir, 'stdout.log'), 'a') });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${origin}/`, child, 'nginx');
  } catch (error) {
    await stopGroup(child);
    const log = readFileSync(path.join(dir, 'error.log'), 'utf8').split('\n').slice(-5).join('\n');
    throw new Error(`nginx did not start serving ${clientDir}:\n${log}`, { cause: error });
  }
  return {
    origin,
    hasBrotli,
    stop: async () => {
      await stopGroup(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
