import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { LEAD_STAGES, OPEN_STAGES, type LeadStage } from '../common/leads';
import { enquiryCopy } from '../src/studio/copy';
import { leadCopy, stageNames } from '../src/studio/lead-copy';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { IS_QUICK } from './settings';
import { summarize, type Spread } from './stats';
import { studioFetch, type Studio } from './studio-session';

/** Lighthouse's mobile preset slows the CPU 4×. */
const CPU_SLOWDOWN = 4;
const RUNS = IS_QUICK ? 1 : 5;
/** Event Timing's smallest threshold: a tap handled and painted sooner leaves no entry. */
const EVENT_THRESHOLD_MS = 16;
/** How long an entry may take to be reported after the frame it ends with. */
const ENTRY_WAIT_MS = 1_000;
/** Longer than any tap's result takes on a slowed CPU: past it the tap did not work. */
const SHOWN_TIMEOUT_MS = 30_000;
/** The API's list of enquiries, which the inbox draws its cards from. */
const LIST_PATH = '/api/studio/leads';

export type InteractionFigures = {
  /**
   * The tap's latency as INP counts it: the longest Event Timing entry of the interaction, from
   * the pointer down to the next frame painted after its handlers ran.
   */
  latencyMs: Spread;
  /**
   * Runs whose tap left no entry (handled and painted within EVENT_THRESHOLD_MS): their
   * latency is the pointer down to the frame after the first change to the page instead.
   */
  runsWithoutEntry: number;
  /** The pointer down to the frame that shows what was asked for, answers from the API included. */
  shownMs: Spread;
};

/**
 * Whether the taps can be measured against a build made for `siteUrl`: one made for https sets
 * a `__Host-` cookie and its pages expect TLS, which the bench's loopback server does not speak.
 */
export function canTapStudio(siteUrl: string): boolean {
  return new URL(siteUrl).protocol === 'http:';
}

export type StudioInteractionResults = {
  cpuSlowdown: number;
  openLead: InteractionFigures;
  changeStage: InteractionFigures;
  backToInbox: InteractionFigures;
  /** Requests for the inbox's list that going back made, per run: the issue wants none. */
  refetchesOnBack: Spread;
};

type Tap = { latencyMs: number; hasEntry: boolean; shownMs: number };
type Run = { openLead: Tap; changeStage: Tap; backToInbox: Tap; refetchesOnBack: number };
/** What the tap was for: an element matching `selector` whose text holds `text`. */
type Shown = { selector: string; text: string };
type TapTimes = { downAt: number; changedAt: number; shownAt: number };
type EventEntry = { startTime: number; duration: number; interactionId: number };
type Watched = Window & { tapTimes?: Promise<TapTimes>; eventEntries?: EventEntry[] };

/** Every Event Timing entry of the page, kept from its start (INP's own source). */
function recordEventEntries(threshold: number): void {
  const watched = window as Watched;
  watched.eventEntries = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      const { startTime, duration, interactionId } = entry;
      watched.eventEntries?.push({ startTime, duration, interactionId });
    }
  }).observe({ type: 'event', durationThreshold: threshold, buffered: true });
}

/**
 * Starts watching the page for the next tap: when its pointer went down, the frame after the
 * first change to the page, and the frame after `shown` is on screen. "After the frame" is a
 * task queued from the frame's animation callback, which runs once that frame is painted.
 */
async function watchNextTap(page: Page, shown: Shown): Promise<void> {
  await page.evaluate(
    ({ selector, text, timeoutMs }) => {
      if ([...document.querySelectorAll(selector)].some((el) => el.textContent.includes(text))) {
        throw new Error(`${selector} with "${text}" is on screen before the tap.`);
      }
      (window as Watched).tapTimes = new Promise<TapTimes>((resolve, reject) => {
        let downAt = -1;
        let changedAt = -1;
        document.addEventListener('pointerdown', (event) => (downAt = event.timeStamp), {
          capture: true,
          once: true,
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`${selector} with "${text}" was not shown after the tap.`));
        }, timeoutMs);
        const observer = new MutationObserver(() => {
          if (downAt < 0) return;
          if (changedAt === -1) {
            changedAt = 0;
            requestAnimationFrame(() => setTimeout(() => (changedAt = performance.now())));
          }
          const elements = [...document.querySelectorAll(selector)];
          if (!elements.some((el) => el.textContent.includes(text))) return;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() =>
            setTimeout(() => resolve({ downAt, changedAt, shownAt: performance.now() })),
          );
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
      });
    },
    { ...shown, timeoutMs: SHOWN_TIMEOUT_MS },
  );
}

/**
 * Taps `target` and measures it: INP's figure from the interaction's Event Timing entries (the
 * longest of them), else, for a tap quicker than their threshold, the pointer down to the frame
 * after the first change; and the time until `shown` is on screen.
 */
async function measureTap(page: Page, target: Locator, shown: Shown): Promise<Tap> {
  await watchNextTap(page, shown);
  await target.tap();
  const times = await page.evaluate(async () => {
    const tapTimes = (window as Watched).tapTimes;
    if (tapTimes === undefined) throw new Error('No tap was being watched.');
    return tapTimes;
  });
  const ofTap = (entry: EventEntry) => entry.interactionId > 0 && entry.startTime >= times.downAt;
  const entries = await page
    .waitForFunction(
      (downAt) => {
        const found = ((window as Watched).eventEntries ?? []).filter(
          (entry) => entry.interactionId > 0 && entry.startTime >= downAt,
        );
        return found.length > 0 ? found : null;
      },
      times.downAt,
      { timeout: ENTRY_WAIT_MS },
    )
    .then((handle) => handle.jsonValue())
    .catch(() => null);
  const tapEntries = (entries ?? []).filter(ofTap);
  const hasEntry = tapEntries.length > 0;
  return {
    latencyMs: hasEntry
      ? Math.max(...tapEntries.map((entry) => entry.duration))
      : times.changedAt - times.downAt,
    hasEntry,
    shownMs: times.shownAt - times.downAt,
  };
}

/** The first open stage that is not the lead's: a move a person makes every day. */
function anotherStage(stage: LeadStage): LeadStage {
  const next = OPEN_STAGES.find((candidate) => candidate !== stage);
  if (next === undefined) throw new Error(`No stage to move a ${stage} lead to.`);
  return next;
}

/**
 * One visit: the inbox as the server draws it, taken over by the app, then, on a CPU slowed
 * CPU_SLOWDOWN×, a tap on the lead's card, a new stage saved, and the link back to the inbox,
 * counting the requests for the list that going back makes.
 */
async function measureRun(
  browser: Browser,
  studio: Studio,
  lead: { id: string; name: string; stage: LeadStage },
): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const [name = '', value = ''] = studio.cookie.split('=', 2);
    await context.addCookies([{ name, value, url: studio.siteUrl }]);
    await context.addInitScript(recordEventEntries, EVENT_THRESHOLD_MS);
    const page = await context.newPage();
    await page.goto(`${studio.siteUrl}/studio`, { waitUntil: 'networkidle' });
    await page.locator('html[data-studio="live"]').waitFor({ state: 'attached' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const card = page.getByRole('main').locator(`li h2 a[href$="id=${lead.id}"]`);
    const openLead = await measureTap(page, card, { selector: 'h1', text: lead.name });
    await page.waitForLoadState('networkidle');

    const stage = anotherStage(lead.stage);
    const form = page.getByRole('form', { name: leadCopy.fieldsTitle });
    await form.getByLabel(leadCopy.stage, { exact: true }).selectOption(stage);
    const save = form.getByRole('button', { name: leadCopy.save });
    // The line the form says its save with; the owner and follow-up after the stage vary.
    const saved = leadCopy.saved(stageNames[stage], null, null).split(',')[0] ?? '';
    const changeStage = await measureTap(page, save, { selector: '[role="status"]', text: saved });
    await page.waitForLoadState('networkidle');

    let refetchesOnBack = 0;
    page.on('request', (request) => {
      const isList = new URL(request.url()).pathname === LIST_PATH;
      if (isList && request.method() === 'GET') refetchesOnBack += 1;
    });
    const back = page.getByRole('link', { name: enquiryCopy.back });
    const backToInbox = await measureTap(page, back, {
      selector: `main li h2 a[href$="id=${lead.id}"]`,
      text: '',
    });
    await page.waitForLoadState('networkidle');
    return { openLead, changeStage, backToInbox, refetchesOnBack };
  } finally {
    await context.close();
    // The next run, and anything measured after, finds the lead as it was.
    await studioFetch(studio, `/leads/${encodeURIComponent(lead.id)}`, {
      method: 'PATCH',
      body: { stage: lead.stage },
    });
  }
}

function figures(taps: Tap[]): InteractionFigures {
  return {
    latencyMs: summarize(taps.map((tap) => tap.latencyMs)),
    runsWithoutEntry: taps.filter((tap) => !tap.hasEntry).length,
    shownMs: summarize(taps.map((tap) => tap.shownMs)),
  };
}

/**
 * The studio's taps on a phone (Playwright's Chromium, 412×823, touch), signed in on the bench's
 * seeded server: opening the lead `leadId` from the inbox, changing its stage, going back; RUNS
 * times, each in a fresh context. The browser asks for the build's SITE_URL and is sent to the
 * server's loopback port, so the studio's Origin check sees its own origin, as in production.
 */
export async function measureStudioInteractions(
  studio: Studio,
  leadId: string,
  progress: (message: string) => void,
): Promise<StudioInteractionResults> {
  const site = new URL(studio.siteUrl);
  const detail = (await (
    await studioFetch(studio, `/leads/${encodeURIComponent(leadId)}`)
  ).json()) as { name: string; stage: string };
  const stage = LEAD_STAGES.find((candidate) => candidate === detail.stage);
  if (stage === undefined) throw new Error(`The lead has no known stage: ${detail.stage}.`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      `--host-resolver-rules=MAP ${site.host} ${new URL(studio.origin).host}`,
    ],
  });
  const runs: Run[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(await measureRun(browser, studio, { id: leadId, name: detail.name, stage }));
      progress(`  studio taps run ${run + 1}/${RUNS} done`);
    }
  } finally {
    await browser.close();
  }
  return {
    cpuSlowdown: CPU_SLOWDOWN,
    openLead: figures(runs.map((run) => run.openLead)),
    changeStage: figures(runs.map((run) => run.changeStage)),
    backToInbox: figures(runs.map((run) => run.backToInbox)),
    refetchesOnBack: summarize(runs.map((run) => run.refetchesOnBack)),
  };
}
