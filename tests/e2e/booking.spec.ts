import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { findAxeViolations } from './support/axe';
import { showAtLeastTimes } from './support/booking-times';
import { waitForEmailIn } from './support/mailbox';
import type { StoredEmail } from './support/stored-email';
import { startStudioServer, type StudioServer } from './support/studio-server';
import { welcomeNewStaff } from './support/studio-staff';
import { uniqueWord } from './support/studio-visitor';
import { hasRadicale, startRadicale } from '../support/radicale';
import { CALENDAR_SYNC_DEFAULTS } from '../../server/booking/calendar/calendar-sync';
import { describeCallTime } from '../../server/booking/describe-call-time';
import { visitorTimeOf } from '../../src/booking/visitor-time';

/**
 * A calendar and the server of its own that books into it, with the studio in London: the page
 * must say so. Where Radicale is not installed (never in CI) the server has no calendar and the
 * journey does not look into one.
 */
type BookingStudio = StudioServer & { calendarEvents: (() => Promise<string[]>) | null };

const test = base.extend<object, { studio: BookingStudio }>({
  studio: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const radicale = hasRadicale() ? await startRadicale() : null;
      const calendarUrl = radicale === null ? null : await radicale.createCalendar('studio');
      const server = await startStudioServer({
        STUDIO_TIME_ZONE: 'Europe/London',
        ...(calendarUrl === null ? {} : { CALDAV_URL: calendarUrl }),
      });
      const calendarEvents =
        radicale === null || calendarUrl === null
          ? null
          : async () => [...(await radicale.objects(calendarUrl)).values()];
      await use({ ...server, calendarEvents });
      await server.stop();
      await radicale?.stop();
    },
    { scope: 'worker' },
  ],
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

function manageLinkOf(email: StoredEmail): string {
  const link = /https?:\/\/\S+\/booking\/manage\?token=[A-Za-z0-9_-]+/.exec(email.text)?.[0];
  if (link === undefined) throw new Error('The email carries no manage link');
  return link;
}

/** The studio calendar's events about one visitor, as the studio's phone would list them. */
async function eventsAbout(studio: BookingStudio, name: string): Promise<string[]> {
  const events = (await studio.calendarEvents?.()) ?? [];
  return events.filter((event) => event.includes(name));
}

const DTSTART = /^DTSTART[^:\r\n]*:(\S+)/m;

/**
 * A change reaches the calendar at the sync's next round, up to one poll interval away; on a
 * busy machine the write itself can take seconds more.
 */
const CALENDAR_CATCH_UP = { timeout: CALENDAR_SYNC_DEFAULTS.pollIntervalMs * 4 };

const to = (address: string, subject: RegExp) => (email: StoredEmail) =>
  email.to.includes(address) && subject.test(email.subject);

async function bookFirstFreeTime(page: Page, name: string, email: string): Promise<void> {
  await expect(page.getByText('Times in London time')).toBeVisible();
  await page.getByRole('radio').first().check();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Your email').fill(email);
  await page.getByLabel('Anything we should know? (optional)').fill('A new identity.');
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call is booked');
}

test('a phone visitor books a call from the landing page, the studio sees it in its calendar and its inbox, then the visitor moves it and cancels it from the email', async ({
  page,
  browser,
  studio,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(`${studio.origin}/`);
  const contact = page.locator('#contact');
  await expect(contact).toContainText('By Appointment Only');
  await contact.getByRole('link', { name: 'Book a call' }).click();
  await expect(page).toHaveURL(`${studio.origin}/book`);

  const address = `ada.${uniqueWord()}@example.com`;
  await bookFirstFreeTime(page, 'Ada Lovelace', address);
  const invitation = await waitForEmailIn(studio.mailboxDir, to(address, /^Your call with/));
  expect(invitation.attachments.map((part) => part.contentType)).toContain('text/calendar');
  let bookedStart: string | undefined;
  if (studio.calendarEvents !== null) {
    await expect.poll(() => eventsAbout(studio, 'Ada Lovelace'), CALENDAR_CATCH_UP).toHaveLength(1);
    const [event = ''] = await eventsAbout(studio, 'Ada Lovelace');
    bookedStart = DTSTART.exec(event)?.[1];
  }

  // The studio finds the call in its inbox as a lead, with the call's time in it.
  const staffContext = await browser.newContext({ viewport: PHONE });
  const staff = await staffContext.newPage();
  await welcomeNewStaff(staff, studio);
  await staff
    .getByRole('main')
    .getByRole('link', { name: /Ada Lovelace/ })
    .click();
  await expect(staff.getByRole('main')).toContainText('Booked a call through the site');
  await staffContext.close();

  await page.goto(manageLinkOf(invitation));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call with the studio');
  const booked = await page.locator('main p').first().textContent();
  await showAtLeastTimes(page, 2);
  await page.getByRole('radio').nth(1).check();
  await page.getByRole('button', { name: 'Move the call to this time' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call is moved');
  await expect(page.locator('main')).not.toContainText(booked ?? '');

  const update = await waitForEmailIn(studio.mailboxDir, to(address, /moved/));
  if (studio.calendarEvents !== null) {
    await expect
      .poll(
        async () =>
          (await eventsAbout(studio, 'Ada Lovelace')).map((event) => DTSTART.exec(event)?.[1]),
        CALENDAR_CATCH_UP,
      )
      .toEqual([expect.not.stringMatching(`^${bookedStart ?? ''}$`)]);
  }
  // The first email's link still opens the call, at its new time; cancelling asks first.
  await page.goto(manageLinkOf(invitation));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call with the studio');
  await expect(page.locator('main')).not.toContainText(booked ?? '');
  await page.getByRole('button', { name: 'Cancel the call' }).click();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Cancel this call?');
  await page.getByLabel('Would you tell us why? (optional)').fill('Our launch moved.');
  await page.getByRole('button', { name: 'Yes, cancel the call' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call is cancelled');
  await waitForEmailIn(studio.mailboxDir, to(address, /is cancelled/));
  if (studio.calendarEvents !== null) {
    await expect.poll(() => eventsAbout(studio, 'Ada Lovelace'), CALENDAR_CATCH_UP).toEqual([]);
  }

  const spent = await page.goto(manageLinkOf(update));
  expect(spent?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link no longer works');
});

test('the same /book works with JavaScript off, and with the keyboard alone', async ({
  browser,
  studio,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${studio.origin}/book`);
  const address = `grace.${uniqueWord()}@example.com`;
  await bookFirstFreeTime(page, 'Grace Hopper', address);
  await waitForEmailIn(studio.mailboxDir, to(address, /^Your call with/));

  await page.goto(`${studio.origin}/book`);
  // A phone shows the days, the first one's times open: never one long scroll of every time.
  const days = page.locator('details');
  await expect(days.first()).toHaveAttribute('open', '');
  await expect(days.nth(1)).not.toHaveAttribute('open', '');
  const shownTimes = await page.getByRole('radio').count();
  await days.nth(1).locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('radio')).toHaveCount(
    shownTimes + (await days.nth(1).getByRole('radio').count()),
  );

  await page.goto(`${studio.origin}/book`);
  await showAtLeastTimes(page, 2);
  const firstTime = page.getByRole('radio').first();
  await expect(async () => {
    await page.keyboard.press('Tab');
    await expect(firstTime).toBeFocused({ timeout: 100 });
  }).toPass();
  // The times are one group: the arrows choose among them, Tab leaves for the other days and
  // then the next field.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio').nth(1)).toBeChecked();
  const nameField = page.getByLabel('Your name');
  await expect(async () => {
    await page.keyboard.press('Tab');
    await expect(nameField).toBeFocused({ timeout: 100 });
  }).toPass();
  await page.keyboard.type('Katherine Johnson');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`katherine.${uniqueWord()}@example.com`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call is booked');
  await context.close();
});

test('without JavaScript the visitor chooses their zone from a list, which the form sends with the call', async ({
  browser,
  studio,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${studio.origin}/book`);
  const zone = page.getByLabel(/^Your time zone/);
  await expect(zone, 'the studio’s zone until the visitor says otherwise').toHaveValue(
    'Europe/London',
  );
  await zone.selectOption({ label: 'America/Chicago' });
  const address = `ida.${uniqueWord()}@example.com`;
  await bookFirstFreeTime(page, 'Ida Wells', address);
  const invitation = await waitForEmailIn(studio.mailboxDir, to(address, /^Your call with/));
  expect(invitation.subject).toContain('your time in Chicago');

  // A link may name the zone: it is the one chosen, and stays chosen on the other weeks.
  await page.goto(`${studio.origin}/book?timeZone=Asia/Tokyo`);
  await expect(page.getByLabel(/^Your time zone/)).toHaveValue('Asia/Tokyo');
  await page.getByRole('link', { name: 'Later days' }).click();
  await expect(page.getByLabel(/^Your time zone/)).toHaveValue('Asia/Tokyo');
  await page.getByRole('link', { name: 'Earlier days' }).click();
  await expect(page.getByLabel(/^Your time zone/)).toHaveValue('Asia/Tokyo');
  await context.close();
});

const LONDON = 'Europe/London';
/** The studio's default length of a call (DESIGN: Appointments), which this server keeps. */
const CALL_MINUTES = 30;

test('a visitor in New York also sees each time in their own zone, can change it, and books the instant they chose', async ({
  browser,
  studio,
}) => {
  const context = await browser.newContext({ viewport: PHONE, timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await page.goto(`${studio.origin}/book`);
  const yourTime = page.getByLabel('Your time:');
  await expect(yourTime).toHaveValue('America/New_York');
  // The list for a page without script is not shown: the script's own, of every zone, is.
  await expect(page.getByLabel(/^Your time zone/)).toHaveCount(0);
  // The studio's zone and times stay as the server wrote them; the visitor's are said beside.
  await expect(page.getByText('Times in London time')).toBeVisible();
  // The third time, held by its instant: the list moves on as the notice passes a slot.
  await showAtLeastTimes(page, 3);
  const instant = await page.getByRole('radio').nth(2).inputValue();
  const radio = page.locator(`input[type=radio][value="${instant}"]`);
  const start = new Date(instant);
  const slot = radio.locator('xpath=..');
  const studioTime = /^\d\d:\d\d–\d\d:\d\d/;
  await expect(slot).toHaveText(studioTime);
  await expect(slot).toContainText(`${visitorTimeOf(start, LONDON, 'America/New_York')} New York`);

  await yourTime.selectOption('Asia/Tokyo');
  await expect(slot).toContainText(`${visitorTimeOf(start, LONDON, 'Asia/Tokyo')} Tokyo`);
  await expect(slot).not.toContainText('New York');
  await page.reload();
  await expect(page.getByLabel('Your time:'), 'the choice is remembered').toHaveValue('Asia/Tokyo');
  await expect(slot).toContainText('Tokyo');

  const address = `mary.${uniqueWord()}@example.com`;
  await radio.check();
  await page.getByLabel('Your name').fill('Mary Somerville');
  await page.getByLabel('Your email').fill(address);
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your call is booked');
  // The call is said in the studio's zone, and under it in the zone the visitor chose.
  await expect(page.locator('main')).toContainText(
    `Your time: ${visitorTimeOf(start, LONDON, 'Asia/Tokyo')} Tokyo`,
  );
  const end = new Date(start.getTime() + CALL_MINUTES * 60_000);
  const invitation = await waitForEmailIn(studio.mailboxDir, to(address, /^Your call with/));
  expect(invitation.subject).toContain(describeCallTime(start, end, LONDON));
  await context.close();
});

test('a visitor in the studio’s own zone sees its times once, with no second label', async ({
  browser,
  studio,
}) => {
  const context = await browser.newContext({ viewport: PHONE, timezoneId: LONDON });
  const page = await context.newPage();
  const script = page.waitForResponse(/\/assets\/booking-times-[\w-]+\.js$/);
  // A module runs before DOMContentLoaded, which `goto` waits for: by then it has decided.
  await page.goto(`${studio.origin}/book`);
  expect((await script).ok()).toBe(true);
  await expect(page.getByText('Times in London time')).toBeVisible();
  await expect(page.getByLabel('Your time:')).toHaveCount(0);
  await expect(page.getByRole('radio').first().locator('xpath=..')).toHaveText(
    /^\d\d:\d\d–\d\d:\d\d$/,
  );
  await context.close();
});

async function openBook(
  browser: Browser,
  origin: string,
  theme: 'light' | 'dark',
  size: typeof PHONE,
) {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
  await page.goto(`${origin}/book`);
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  return { page, close: () => context.close() };
}

for (const theme of ['light', 'dark'] as const) {
  for (const size of [PHONE, DESKTOP]) {
    test(`/book has no WCAG 2.2 AA violations at ${size.width} px in the ${theme} theme`, async ({
      browser,
      studio,
    }) => {
      const { page, close } = await openBook(browser, studio.origin, theme, size);
      expect(await findAxeViolations(page)).toEqual([]);
      const scriptsFetched = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.endsWith('.js')),
        );
      await expect
        .poll(scriptsFetched, { message: 'the visitor-zone script is the only one' })
        .toEqual([expect.stringMatching(/^\/assets\/booking-times-/)]);
      await page.screenshot({
        path: `/tmp/book-page-shots/book-${size.width}-${theme}.png`,
        fullPage: true,
      });
      await close();
    });
  }
}

test('the owner sees a booked call on the Bookings page and cancels it with a message the visitor receives', async ({
  page,
  browser,
  studio,
}) => {
  // Four screens of axe and screenshots on a shared, busy machine.
  test.slow();
  const visitor = await browser.newPage({ viewport: PHONE });
  await visitor.goto(`${studio.origin}/book`);
  const address = `mary.${uniqueWord()}@example.com`;
  await bookFirstFreeTime(visitor, 'Mary Jackson', address);
  await visitor.close();

  await welcomeNewStaff(page, studio);
  await page.getByRole('navigation').getByRole('link', { name: 'Bookings' }).click();
  const upcoming = page.getByRole('region', { name: 'Upcoming calls' });
  await expect(upcoming.getByRole('link', { name: 'Mary Jackson' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((stored) => localStorage.setItem('theme', stored), theme);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.reload();
      await expect(upcoming.getByRole('link', { name: 'Mary Jackson' })).toBeVisible();
      expect(await findAxeViolations(page), `${theme} ${size.width}`).toEqual([]);
      await page.screenshot({
        path: `/tmp/book-page-shots/studio-bookings-${size.width}-${theme}.png`,
        fullPage: true,
      });
    }
  }

  await upcoming.getByRole('button', { name: /^Cancel the call with Mary Jackson/ }).click();
  await page.getByLabel('Message to Mary Jackson (optional)').fill('We are away that week, sorry.');
  await upcoming.getByRole('button', { name: 'Cancel the call', exact: true }).click();
  await expect(
    page.getByText('The call with Mary Jackson is cancelled; they have been told.'),
  ).toBeFocused();
  // Other journeys share this server: only Mary's row is hers to read. A cancelled call is no
  // longer upcoming: it moves to a list of its own, with nothing left to cancel.
  await expect(upcoming.getByRole('listitem').filter({ hasText: 'Mary Jackson' })).toHaveCount(0);
  const cancelled = page.getByRole('region', { name: 'Cancelled calls to come' });
  const marysCall = cancelled.getByRole('listitem').filter({ hasText: 'Mary Jackson' });
  await expect(marysCall.getByText('Cancelled')).toBeVisible();

  const cancellation = await waitForEmailIn(studio.mailboxDir, to(address, /is cancelled/));
  expect(cancellation.text).toContain('We are away that week, sorry.');
  // Sent in the name of the person who cancelled, from the studio's own address.
  expect(cancellation.headers.from).toMatch(/ at Ember & Ink" </);
  expect(cancellation.attachments.map((part) => part.contentType)).toContain('text/calendar');
});
