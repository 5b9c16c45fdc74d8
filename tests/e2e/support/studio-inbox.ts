import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** A folder's link in the inbox ("Inbox 3", "Spam 1"…). */
export function folderLink(page: Page, name: string): Locator {
  return page
    .getByRole('navigation', { name: 'Folders' })
    .getByRole('link', { name: new RegExp(`^${name}\\b`) });
}

/**
 * The inbox's card of the lead from `name` (read or unread), apart from the link to their
 * person's page that a search shows above the leads ("All about <name>").
 */
export function leadCard(page: Page, name: string): Locator {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('main').getByRole('link', { name: new RegExp(`^(Unread )?${escaped}$`) });
}

/**
 * The card of the enquiry from `name`, in the inbox or, when the spam check caught the visitor,
 * under Spam. Whether it is in the inbox is read only once the list has arrived (the folders
 * carry their counts from then on): read earlier, an empty list still loading sent the test to
 * Spam, where the card never came.
 */
export async function findEnquiryCard(page: Page, name: string): Promise<Locator> {
  await expect(folderLink(page, 'Inbox')).toHaveAccessibleName(/\d/);
  const card = leadCard(page, name);
  if ((await card.count()) === 0) await folderLink(page, 'Spam').click();
  return card;
}
