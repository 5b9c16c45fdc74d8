import { CONTACT_ENDPOINT, NEWSLETTER_ENDPOINT } from '../../../common/endpoints';
import type { Page } from '@playwright/test';

/**
 * Posts a plain HTML form from the current page, as a browser without the page's script does:
 * the server's answer replaces the page. The page's own script never sees it.
 */
export async function postPlainForm(
  page: Page,
  action: string,
  fields: Record<string, string>,
): Promise<void> {
  await Promise.all([
    page.waitForEvent('load'),
    page.evaluate(
      ({ action, fields }) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = action;
        for (const [name, value] of Object.entries(fields)) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      },
      { action, fields },
    ),
  ]);
}

/** The page a plain form post comes back on when a field is refused (422), for either form. */
export async function openRefusedFormPage(
  page: Page,
  form: 'contact' | 'newsletter',
): Promise<void> {
  await page.goto('/privacy');
  if (form === 'contact') {
    await postPlainForm(page, CONTACT_ENDPOINT, {
      name: ' ',
      email: 'grace@example.com',
      service: 'Packaging Design',
      message: 'Packaging for a tea shop.',
    });
  } else {
    await postPlainForm(page, NEWSLETTER_ENDPOINT, { email: 'not-an-email' });
  }
}
