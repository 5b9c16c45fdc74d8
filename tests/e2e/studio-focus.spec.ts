import { findEnquiryCard } from './support/studio-inbox';
import { welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';
import { sendEnquiry } from './support/studio-visitor';

/** Each move, the words it answers with, in an order where each button is on screen. */
const MOVES = [
  ['Mark as unread', 'Marked as unread.'],
  ['Mark as read', 'Marked as read.'],
  ['Archive', 'Marked as archived.'],
  ['Back to the inbox', 'Marked as read.'],
  ['Mark as spam', 'Marked as spam.'],
  ['Not spam', 'Moved to the inbox. Its email to the studio is on its way.'],
] as const;

test('after each move of an enquiry, focus is on the words that say what happened', async ({
  page,
  studio,
}) => {
  const visitor = await sendEnquiry(page, studio.origin);
  await page.goto(`${studio.origin}/studio`);
  await welcomeNewStaff(page, studio);
  await (await findEnquiryCard(page, visitor.name)).click();
  await expect(page.getByRole('heading', { level: 1, name: visitor.name })).toBeVisible();
  // A spam check that catches a real visitor files it under Spam: start from the inbox.
  if (await page.getByRole('button', { name: 'Not spam' }).isVisible()) {
    await page.getByRole('button', { name: 'Not spam' }).click();
  }

  for (const [button, result] of MOVES) {
    await page.getByRole('button', { name: button, exact: true }).click();
    const said = page.getByRole('status').filter({ hasText: result });
    await expect(said, button).toBeFocused();
  }
});
