/**
 * A rolling upgrade under load, from any earlier commit to this checkout's build:
 *
 *   npm run build && TEST_DATABASE_URL=postgres://… npx tsx scripts/rolling-upgrade.ts <ref> [to]
 *
 * Builds `<ref>` (and `to`, when given instead of this checkout) in a temporary git worktree, starts two instances of it on one new PostgreSQL
 * database, sends mixed traffic (page views, enquiries, bookings, staff signing in, listing,
 * replying and moving leads), then takes each instance in turn out of the balance, waits for
 * its requests to finish, stops it, starts this build in its place (the first one migrates)
 * and puts it back. Reports every answer by kind and build, and whether every acknowledged
 * enquiry, booking and reply is in the store. Exits 1 on a 5xx, a request with no answer, or
 * anything lost (docs/decisions/0093-upgrades-without-downtime.md).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildBaseline } from '../bench/baseline-build';
import { findFreePort } from '../tests/support/listen-on-loopback';
import { createPostgresDatabase } from '../tests/support/postgres-database';
import { PROJECT_ROOT } from '../tests/proof/crash/server-process';
import {
  sharedSettings,
  startInstance,
  waitFor,
  type Build,
  type Instance,
} from './rolling-upgrade/instances';
import { runMixedLoad, type Balancer } from './rolling-upgrade/mixed-load';
import { addStaff } from './rolling-upgrade/staff';
import { tallyUpgrade, type Restart } from './rolling-upgrade/tally';

const SETTLE_MS = 6_000;

async function main(): Promise<void> {
  const ref = process.argv[2];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (ref === undefined || adminUrl === undefined) {
    throw new Error(
      'Usage: TEST_DATABASE_URL=postgres://… npx tsx scripts/rolling-upgrade.ts <from ref> [to ref]',
    );
  }
  const meta = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'dist', 'meta.json'), 'utf8')) as {
    siteUrl?: string;
  };
  const siteUrl = meta.siteUrl ?? 'http://localhost:3000';
  process.env.SITE_URL = siteUrl;
  console.info(`building ${ref} in a temporary worktree…`);
  const previous = buildBaseline(ref);
  const target = process.argv[3];
  let next: ReturnType<typeof buildBaseline> | null = null;
  try {
    next = target === undefined ? null : buildBaseline(target);
  } catch (error) {
    previous.remove();
    throw error;
  }
  const database = await createPostgresDatabase(adminUrl, 'ember_upgrade');
  const logDir = await mkdtemp(path.join(tmpdir(), 'ember-rolling-upgrade-'));
  const settings = sharedSettings(database.url, siteUrl);
  const older: Build = { label: `old ${ref}`, root: previous.root };
  const newer: Build = {
    label: `new ${target ?? 'this checkout'}`,
    root: next?.root ?? PROJECT_ROOT,
  };
  const running: Instance[] = [];
  try {
    for (const name of ['a', 'b']) {
      running.push(await startInstance(name, await findFreePort(), older, settings, logDir));
    }
    const staff = await addStaff(previous.root, settings, running[0]?.port ?? 0);
    const balancer: Balancer = { live: [...running], turn: 0 };
    let isStopped = false;
    const load = runMixedLoad(
      balancer,
      { siteUrl, challengeSecret: settings.CHALLENGE_SECRET ?? '', staff },
      () => isStopped,
    );
    const pauseFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await pauseFor(SETTLE_MS);
    const restarts: Restart[] = [];
    for (const [index, instance] of running.entries()) {
      balancer.live = balancer.live.filter((live) => live !== instance);
      const drainedAt = Date.now();
      await waitFor(() => instance.inFlight === 0, 30_000, `${instance.name} to drain`);
      await instance.server.kill('SIGTERM');
      const stoppedAt = Date.now();
      const upgraded = await startInstance(instance.name, instance.port, newer, settings, logDir);
      restarts.push({
        name: instance.name,
        stoppedMs: stoppedAt - drainedAt,
        listeningMs: Date.now() - stoppedAt,
        listeningAt: Date.now(),
      });
      running[index] = upgraded;
      const ready = await fetch(`http://127.0.0.1:${upgraded.port}/readyz`);
      if (ready.status !== 200) throw new Error(`${upgraded.name} answers /readyz ${ready.status}`);
      balancer.live.push(upgraded);
      await pauseFor(SETTLE_MS);
    }
    isStopped = true;
    await load.done;
    const report = await tallyUpgrade(database.url, load.answers, restarts);
    console.info(report.text);
    if (!report.isClean) console.info(`the instances' logs are kept in ${logDir}`);
    process.exitCode = report.isClean ? 0 : 1;
  } finally {
    await Promise.all(running.map((instance) => instance.server.kill('SIGTERM')));
    await database.drop();
    previous.remove();
    next?.remove();
    if (process.exitCode === 0) await rm(logDir, { recursive: true, force: true });
  }
}

await main();
