import { createBatchedWriter } from './batched-writer';
import { explainOriginMismatch, readBuildMeta } from './build-meta';
import { ConfigError, readServerConfig, type Config } from './config';
import { createJsonLog } from './log';
import { missingNodeFlags } from './node-flags';
import { setPrivateUmask } from './private-files';
import { startServices, type SourceFrontEnd } from './start-services';
import { loadSite, SiteNotBuiltError } from './static/load-site';
import type { Site } from './static/site';

/** Whatever is still running after this long is cut off so an orchestrator is never kept waiting. */
const SHUTDOWN_DEADLINE_MS = 10_000;
const DRAIN_MS = 8_000;

/** The pages a server answers with: the build's (`npm start`), or the source's (`npm run dev`). */
export type FrontEnd = { site: Site; fromSource?: SourceFrontEnd };

/** Thrown when the server must not start; the message alone is printed. */
export class StartRefusedError extends Error {
  override name = 'StartRefusedError';
}

/** The build in `config.distDir`, refused when it was built for another origin or not at all. */
export async function loadBuiltFrontEnd(config: Config): Promise<FrontEnd> {
  const meta = await readBuildMeta(config.distDir);
  const mismatch = meta === null ? null : explainOriginMismatch(meta, config.siteOrigin);
  if (mismatch !== null) throw new StartRefusedError(mismatch);
  const site = await loadSite(config.distDir, { isHttps: config.isHttps }).catch(
    (error: unknown) => {
      if (error instanceof SiteNotBuiltError) throw new StartRefusedError(error.message);
      throw error;
    },
  );
  return { site };
}

/**
 * The server's whole life: configuration from the environment, the services, the "listening"
 * line, and a drained stop on SIGTERM or SIGINT. `server/main.ts` runs it on the build and
 * `scripts/dev/dev-server.ts` on the source, so development starts what production starts.
 */
export function runServer(options: {
  /** The build the server belongs to: DIST_DIR's default. */
  ownBuild: string;
  loadFrontEnd: (config: Config) => Promise<FrontEnd>;
}): void {
  // process.stdout is synchronous for files, pipes and terminals on Linux, so the lines still
  // pending at exit are written before the process ends.
  const stdout = createBatchedWriter((chunk) => process.stdout.write(chunk));
  process.on('exit', stdout.flush);
  const log = createJsonLog(stdout.write);

  const fail = (message: string): never => {
    console.error(message);
    process.exit(1);
  };

  const main = async (): Promise<void> => {
    setPrivateUmask();
    const config = (() => {
      try {
        return readServerConfig(process.env, process.cwd(), options.ownBuild);
      } catch (error) {
        if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
        throw error;
      }
    })();
    const frontEnd = await options.loadFrontEnd(config).catch((error: unknown) => {
      if (error instanceof StartRefusedError) fail(error.message);
      throw error;
    });
    const services = await startServices({
      config,
      ...frontEnd,
      log,
      writeAccessLine: stdout.write,
    });
    log('info', 'listening', {
      url: services.url,
      port: services.port,
      storage: config.databaseUrl === null ? 'sqlite' : 'postgres',
      mail: services.mail,
    });
    const missing = missingNodeFlags(process.execArgv);
    if (missing.length > 0) {
      log(
        'warn',
        'started without the recommended Node flags; throughput drops after quiet spells',
        { missing: missing.join(' ') },
      );
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
    for (const signal of ['SIGTERM', 'SIGINT'] as const)
      process.on(signal, () => void stop(signal));
  };

  main().catch((error: unknown) => {
    log('error', 'start-up failed', {
      error: error instanceof Error ? error.message : String(error),
    });
    process.exit(1);
  });
}
