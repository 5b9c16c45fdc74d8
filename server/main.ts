import path from 'node:path';
import { createBatchedWriter } from './batched-writer';
import { explainOriginMismatch, readBuildMeta } from './build-meta';
import { ConfigError, readServerConfig } from './config';
import { createJsonLog } from './log';
import { missingNodeFlags } from './node-flags';
import { setPrivateUmask } from './private-files';
import { startServices } from './start-services';
import { loadSite, SiteNotBuiltError } from './static/load-site';

/** Whatever is still running after this long is cut off so an orchestrator is never kept waiting. */
const SHUTDOWN_DEADLINE_MS = 10_000;
const DRAIN_MS = 8_000;
/** This file runs as dist/app/main.js, so the build it belongs to is its parent folder. */
const OWN_BUILD = path.resolve(import.meta.dirname, '..');

// process.stdout is synchronous for files, pipes and terminals on Linux, so the lines still
// pending at exit are written before the process ends.
const stdout = createBatchedWriter((chunk) => process.stdout.write(chunk));
process.on('exit', stdout.flush);
const log = createJsonLog(stdout.write);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  setPrivateUmask();
  const config = (() => {
    try {
      return readServerConfig(process.env, process.cwd(), OWN_BUILD);
    } catch (error) {
      if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
      throw error;
    }
  })();
  const meta = await readBuildMeta(config.distDir);
  const mismatch = meta === null ? null : explainOriginMismatch(meta, config.siteOrigin);
  if (mismatch !== null) fail(mismatch);
  const site = await loadSite(config.distDir, { isHttps: config.isHttps }).catch(
    (error: unknown) => {
      if (error instanceof SiteNotBuiltError) fail(error.message);
      throw error;
    },
  );
  const services = await startServices({ config, site, log, writeAccessLine: stdout.write });
  log('info', 'listening', {
    url: services.url,
    port: services.port,
    storage: config.databaseUrl === null ? 'sqlite' : 'postgres',
    mail: services.mail,
  });
  const missing = missingNodeFlags(process.execArgv);
  if (missing.length > 0) {
    log('warn', 'started without the recommended Node flags; throughput drops after quiet spells', {
      missing: missing.join(' '),
    });
  }

  let isStopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (isStopping) return;
    isStopping = true;
    log('info', 'shutting down', { signal });
    setTimeout(() => {
      log('error', 'shutdown deadline passed, exiting anyway');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await services.stop(DRAIN_MS);
    log('info', 'stopped');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal));
}

main().catch((error: unknown) => {
  log('error', 'start-up failed', {
    error: error instanceof Error ? error.message : String(error),
  });
  process.exit(1);
});
