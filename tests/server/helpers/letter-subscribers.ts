import type { Store } from '../../../server/store/store';

/**
 * Signs each address up and, unless `confirmed` is false, confirms it by its own link, as its
 * owner would; resolves with the subscribers' ids in the order given.
 */
export async function addSubscribers(
  store: Store,
  emails: readonly string[],
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<string[]> {
  for (const email of emails) await store.subscribe(email);
  const idOf = new Map(
    (await store.listSubscribers()).map((subscriber) => [subscriber.email, subscriber.id]),
  );
  const ids = emails.map((email) => {
    const id = idOf.get(email);
    if (id === undefined) throw new Error(`${email} was not signed up`);
    return id;
  });
  if (!confirmed) return ids;
  for (const id of ids) {
    const links = await store.mintConfirmationLinks(id);
    if (links === null) throw new Error(`subscriber ${id} waits for no confirmation`);
    await store.confirmSubscription(links.confirmToken);
  }
  return ids;
}

/** `count` addresses `<prefix>-<n>@example.com`. */
export function addresses(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix}-${index}@example.com`);
}
