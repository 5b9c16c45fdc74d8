import { chromium } from 'playwright';
import { seedSqlite } from './inbox-seed';
import { removeDataDir, startSiteServer } from './site-server';
import { signIn, studioFetch } from './studio-session';
const RATE = Number(process.env.RATE ?? 8);
const server = await startSiteServer('/work/main/dist');
try {
  seedSqlite(server.dataDir, 1000);
  const studio = await signIn(server, '/work/main/dist');
  const newest = ((await (await studioFetch(studio, '/leads?limit=1')).json()) as { items: { id: string }[] }).items[0]!.id;
  const site = new URL(studio.siteUrl);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${site.host} ${new URL(studio.origin).host}`] });
  for (const which of (process.env.PAGES ?? 'lead,inbox').split(',')) for (let run = 0; run < Number(process.env.RUNS ?? 2); run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const [name = '', value = ''] = studio.cookie.split('=', 2);
    await context.addCookies([{ name, value, url: studio.siteUrl }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    const events: any[] = [];
    cdp.on('Tracing.dataCollected', (e: any) => events.push(...e.value));
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink,loading,toplevel,v8,v8.execute,disabled-by-default-devtools.timeline.stack', transferMode: 'ReportEvents' });
    const url = which === 'lead' ? `${studio.siteUrl}/studio?view=lead&id=${encodeURIComponent(newest)}` : `${studio.siteUrl}/studio`;
    if (process.env.PROFILE) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 }); await cdp.send('Profiler.start'); }
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    if (process.env.DUMP) (await import('node:fs')).writeFileSync(`/tmp/p56/studio-${which}.html`, await response!.text());
    await page.locator('html[data-studio="live"]').waitFor({ state: 'attached' });
    await page.waitForTimeout(1500);
    if (process.env.PROFILE) {
      const { profile } = (await cdp.send('Profiler.stop')) as any;
      const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
      const self = new Map<number, number>();
      const dt = profile.timeDeltas as number[];
      profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
      const agg: Record<string, number> = {};
      for (const [id, us] of self) { const n: any = byId.get(id); const cf = n.callFrame; const k = `${cf.functionName || '(anon)'} ${String(cf.url).split('/').pop()}:${cf.lineNumber}`; agg[k] = (agg[k] ?? 0) + us / 1000; }
      console.log('PROFILE top self ms (8x):'); for (const [k, v] of Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${v.toFixed(1)} ${k}`);
    }
    await cdp.send('Tracing.end');
    await done;
    await context.close();
    const fcp = events.find((e) => e.name === 'firstContentfulPaint');
    const { pid, tid } = fcp;
    const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
    const tasks = main.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ts >= fcp.ts && e.dur > 30000);
    console.log(`${which} run ${run}: FCP at ${((fcp.ts - main[0].ts) / 1000).toFixed(0)}`);
    for (const t of tasks) {
      const inside = main.filter((e) => e.ts >= t.ts && e.ts < t.ts + t.dur && e !== t);
      const top: Record<string, number> = {};
      for (const e of inside) {
        const url = e.args?.data?.url ? ' ' + String(e.args.data.url).split('/').pop() : '';
        const fn = e.args?.data?.functionName ? ' ' + e.args.data.functionName : '';
        const key = e.name + (e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'FunctionCall' ? url + fn : '');
        top[key] = Math.max(top[key] ?? 0, e.dur / 1000);
      }
      console.log(`  task ${(t.dur / 1000).toFixed(0)} ms (thread ${((t.tdur ?? t.dur) / 1000).toFixed(0)}): ` + Object.entries(top).filter(([k]) => !/RunTask|ThreadController/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 7).map(([k, v]) => `${k}=${v.toFixed(0)}`).join(', '));
    }
  }
  await browser.close();
} finally {
  await server.stop();
  removeDataDir(server);
}
