import type { Request, Route } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Enquiry } from './support/contact-form';
import { contactForm, fillEnquiry, submitButton } from './support/contact-form';
import { waitForHydration } from './support/hydration';

const CONTACT_API = '**/api/send-contact-email';

const ENQUIRY: Enquiry = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  service: 'Brand Strategy',
  message: 'We are opening a second bakery and need a brand that grows with us.',
};

/** A route that waits until the test lets it answer, so the "sending" state can be seen. */
function heldRoute(answer: (route: Route) => Promise<void>) {
  const requests: Request[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    requests.push(route.request());
    await released;
    await answer(route);
  };
  return { handler, requests, release };
}

test.beforeEach(async ({ page }) => {
  await page.clock.install();
  await page.goto('/#contact');
  await waitForHydration(page);
});

test('a successful enquiry: sending, sent, fields cleared, then ready again after 5 s', async ({
  page,
}) => {
  const route = heldRoute((held) =>
    held.fulfill({ status: 201, json: { success: true, id: 'enquiry-1' } }),
  );
  await page.route(CONTACT_API, route.handler);
  await fillEnquiry(page, ENQUIRY);
  const button = submitButton(page);
  await expect(button).toHaveText('Start Your Project');

  await button.click();
  await expect(button).toHaveText('⏳ Sending...');
  await expect(button).toBeDisabled();

  route.release();
  await expect(button).toHaveText('✓ Message Sent!');
  await expect(button).toBeEnabled();
  const form = contactForm(page);
  await expect(form.getByLabel('Your name')).toHaveValue('');
  await expect(form.getByLabel('Email address')).toHaveValue('');
  await expect(form.getByLabel('Service')).toHaveValue('');
  await expect(form.getByLabel('Project details')).toHaveValue('');
  await expect(form.getByRole('alert')).toHaveCount(0);

  // The page's time also flows on its own (the proof of work waits on it), and the checks
  // above take some of the 5 s: a second of margin on each side.
  await page.clock.runFor(3_500);
  await expect(button).toHaveText('✓ Message Sent!');
  await page.clock.runFor(1_600);
  await expect(button).toHaveText('Start Your Project');

  expect(route.requests).toHaveLength(1);
  const [request] = route.requests;
  expect(request?.method()).toBe('POST');
  expect(await request?.headerValue('content-type')).toContain('application/json');
  expect(request?.postDataJSON()).toMatchObject(ENQUIRY);
  expect(await request?.headerValue('idempotency-key')).toMatch(/^[\w-]{16,}$/);
});

test("the words for the server's error code show in red above '✗ Try Again'", async ({ page }) => {
  await page.route(CONTACT_API, (route) =>
    route.fulfill({ status: 503, json: { success: false, error: 'store_unavailable' } }),
  );
  await fillEnquiry(page, ENQUIRY);
  await submitButton(page).click();

  const alert = contactForm(page).getByRole('alert');
  await expect(alert).toHaveText(
    'We could not save your message right now. Please try again in a minute.',
  );
  await expect(submitButton(page)).toHaveText('✗ Try Again');
  const color = await alert.evaluate((element) => getComputedStyle(element).color);
  const [red = 0, green = 0, blue = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  expect(red, `the message colour ${color} is red`).toBeGreaterThan(green + 60);
  expect(red, `the message colour ${color} is red`).toBeGreaterThan(blue + 60);
  const alertBox = await alert.boundingBox();
  const buttonBox = await submitButton(page).boundingBox();
  expect(alertBox && buttonBox && alertBox.y + alertBox.height <= buttonBox.y).toBe(true);
  // A failed send keeps what the visitor typed.
  await expect(contactForm(page).getByLabel('Project details')).toHaveValue(ENQUIRY.message);

  await page.clock.runFor(5_100);
  await expect(submitButton(page)).toHaveText('Start Your Project');
  await expect(alert).toHaveCount(0);
});

test("a refusal without a message reads 'Failed to send message'", async ({ page }) => {
  await page.route(CONTACT_API, (route) =>
    route.fulfill({ status: 500, json: { success: false } }),
  );
  await fillEnquiry(page, ENQUIRY);
  await submitButton(page).click();
  await expect(contactForm(page).getByRole('alert')).toHaveText('Failed to send message');
  await expect(submitButton(page)).toHaveText('✗ Try Again');
});

test("a proxy's HTML error page is not mistaken for success", async ({ page }) => {
  await page.route(CONTACT_API, (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
  );
  await fillEnquiry(page, ENQUIRY);
  await submitButton(page).click();
  await expect(contactForm(page).getByRole('alert')).toHaveText('Failed to send message');
  await expect(submitButton(page)).toHaveText('✗ Try Again');
});

test('a lost connection shows an error, and the retry carries the same Idempotency-Key', async ({
  page,
}) => {
  const keys: (string | null)[] = [];
  let attempts = 0;
  await page.route(CONTACT_API, async (route) => {
    keys.push(await route.request().headerValue('idempotency-key'));
    attempts += 1;
    if (attempts === 1) await route.abort('connectionreset');
    else await route.fulfill({ status: 200, json: { success: true, id: 'enquiry-2' } });
  });
  await fillEnquiry(page, ENQUIRY);
  await submitButton(page).click();

  const alert = contactForm(page).getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).not.toHaveText('');
  await expect(submitButton(page)).toHaveText('✗ Try Again');

  await submitButton(page).click();
  await expect(submitButton(page)).toHaveText('✓ Message Sent!');
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).toBe(keys[0]);
});

test('an incomplete form is not sent: the browser asks for the missing fields', async ({
  page,
}) => {
  let sent = false;
  await page.route(CONTACT_API, async (route) => {
    sent = true;
    await route.abort();
  });
  await fillEnquiry(page, { ...ENQUIRY, message: '' });
  await submitButton(page).click();
  const message = contactForm(page).getByLabel('Project details');
  expect(await message.evaluate((field: HTMLTextAreaElement) => field.validity.valueMissing)).toBe(
    true,
  );
  await expect(submitButton(page)).toHaveText('Start Your Project');
  expect(sent).toBe(false);
});
