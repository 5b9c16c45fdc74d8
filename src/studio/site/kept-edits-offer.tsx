import { BUTTON } from '../components/button-classes';
import { siteCopy } from '../copy';
import { useStudioFormat } from '../lib/studio-format';
import type { KeptEdits } from './kept-edits';

type KeptEditsOfferProps = {
  kept: KeptEdits;
  onBringBack: () => void;
  onDiscard: () => void;
};

const { keptEdits } = siteCopy;

/** Edits a crash, a reload or a closed tab left unsaved, offered back above the form. */
export function KeptEditsOffer({ kept, onBringBack, onDiscard }: KeptEditsOfferProps) {
  const format = useStudioFormat();
  return (
    <section
      aria-labelledby="kept-edits-title"
      className="flex flex-col gap-3 rounded-2xl border border-ember/40 bg-paper-raised p-5"
    >
      <h2 id="kept-edits-title" className="font-display text-xl font-semibold">
        {keptEdits.title}
      </h2>
      <p>{keptEdits.text(format.dateTime(kept.keptAt))}</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={onBringBack} className={BUTTON.primary}>
          {keptEdits.bringBack}
        </button>
        <button type="button" onClick={onDiscard} className={BUTTON.secondary}>
          {keptEdits.discard}
        </button>
      </div>
    </section>
  );
}
