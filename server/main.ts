import { createApp } from './app';
import { createBatchedWriter } from './batched-writer';
import { ConfigError, readConfig } from './config';
import { createAccessLog } from './http/access-log';
import { createRequestListener } from './http/request-listener';
import { startHttpServer } from './http/start-http-server';
import { createJsonLog } from './log';
import { createMailTransport } from './mail/create-transport';
import { startOutboxWorker } from './mail/outbox-worker';
import { createRetrySchedule, DEFAULT_RETRY_SCHEDULE } from './mail/retry-schedule';
import { loadSite, SiteNotBuiltError } from './static/load-site';
import { openStore } from './store/open-store';

/** Whatever is still running after this long is cut off so an orchestrator is never kept waiting. */
const SHUTDOWN_DEADLINE_MS = 10_000;
const DRAIN_MS = 8_000;

// process.stdout is synchronous for files, pipes and terminals on Linux, so the lines still
// pending at exit are written before the process ends.
const stdout = createBatchedWriter((chunk) => process.stdout.write(chunk));
process.on('exit', stdout.flush);
const log = createJsonLog(stdout.write);
const mailLog = {
  info: (message: string) => log('info', message),
  error: (message: string) => log('error', message),
};

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  const config = (() => {
    try {
      return readConfig(process.env);
    } catch (error) {
      if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
      throw error;
    }
  })();
  const site = await loadSite(config.distDir, { isHttps: config.isHttps }).catch(
    (error: unknown) => {
      if (error instanceof SiteNotBuiltError) fail(error.message);
      throw error;
    },
  );
  const store = await openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl ?? undefined,
  });
  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    log: mailLog,
  });
  const worker = startOutboxWorker({
    store,
    transport,
    schedule: createRetrySchedule(DEFAULT_RETRY_SCHEDULE),
    addresses: { to: config.mailTo, from: config.mailFrom },
    leaseMs: config.outboxLeaseMs,
    log: mailLog,
  });
  const app = createApp({ config, store, site, log, onEnquiryStored: () => worker.nudge() });
  const server = await startHttpServer({
    listener: createRequestListener({ app, site, logRequest: createAccessLog(stdout.write) }),
    port: config.port,
    host: config.host,
  });
  log('info', 'listening', {
    url: server.url,
    port: server.port,
    storage: config.databaseUrl === null ? 'sqlite' : 'postgres',
    mail: transport.description,
  });

  let isStopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (isStopping) return;
    isStopping = true;
    log('info', 'shutting down', { signal });
    setTimeout(() => {
      log('error', 'shutdown deadline passed, exiting anyway');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await server.close(DRAIN_MS);
    await worker.stop();
    transport.close();
    await store.close();
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
