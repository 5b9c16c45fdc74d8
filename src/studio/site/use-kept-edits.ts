import { useEffect, useState } from 'react';
import type { SiteContent } from '../../../common/site-content';
import type { SiteDraft } from '../api/types';
import { isSameValue } from './content-paths';
import { forgetKeptEdits, keepEdits, readKeptEdits, type KeptEdits } from './kept-edits';

/**
 * Keeps a copy of the unsaved edits in the tab while there are any, and finds the copy a
 * crash, a reload or a closed tab left behind, to offer it back. While the offer is open the
 * copy is left alone, so deciding later loses nothing.
 */
export function useKeptEdits(
  email: string,
  loaded: SiteDraft,
  saved: SiteDraft,
  content: SiteContent,
) {
  const [offer, setOffer] = useState<KeptEdits | null>(() => {
    const kept = readKeptEdits(email);
    return kept !== null && !isSameValue(kept.content, loaded.content) ? kept : null;
  });

  useEffect(() => {
    if (offer !== null) return;
    if (isSameValue(content, saved.content)) forgetKeptEdits(email);
    else keepEdits(email, { base: saved, content, keptAt: new Date().toISOString() });
  }, [email, offer, saved, content]);

  return { offer, closeOffer: () => setOffer(null) };
}
