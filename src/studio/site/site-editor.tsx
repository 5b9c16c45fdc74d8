import { useEffect, useRef, useState } from 'react';
import { SITE_PREVIEW_PATH } from '../api/site-api';
import type { SiteDraft } from '../api/types';
import { StatusLine } from '../components/status-line';
import { siteCopy } from '../copy';
import { AboutFields } from './about-fields';
import { ConflictView } from './conflict-view';
import { ContactFields } from './contact-fields';
import { isWithin } from './content-paths';
import { ErrorSummary } from './error-summary';
import { FooterFields } from './footer-fields';
import { HeroFields } from './hero-fields';
import { HistoryPanel } from './history-panel';
import { KeptEditsOffer } from './kept-edits-offer';
import { LiveProblemBanner } from './live-problem-banner';
import { MetaFields } from './meta-fields';
import { PortfolioFields } from './portfolio-fields';
import { ServicesFields } from './services-fields';
import { SectionMenu } from './section-menu';
import { SignInAgainDialog } from './sign-in-again-dialog';
import { SiteFormContext, type SiteForm } from './site-form-context';
import { SiteToolbar } from './site-toolbar';
import { TestimonialsFields } from './testimonials-fields';
import { useAutosave } from './use-autosave';
import { useKeptEdits } from './use-kept-edits';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { useSiteEditor } from './use-site-editor';
import { useSession } from '../session/session-context';
import type { SiteScheduleEntry } from '../api/types';
import { useStudioFormat } from '../lib/studio-format';
import { ScheduleBar } from './schedule-bar';
import { ScheduleList } from './schedule-list';
import { useSiteSchedules } from './use-site-schedules';

/**
 * The draft in one form, a fieldset per section of the page, with Save draft, Preview and
 * Publish above it and the history below. A conflict takes the form's place until resolved.
 */
export function SiteEditor({ draft }: { draft: SiteDraft }) {
  const format = useStudioFormat();
  const [publishes, setPublishes] = useState(0);
  const seePublish = () => setPublishes((count) => count + 1);
  const schedules = useSiteSchedules(seePublish);
  const timeZone = schedules.schedules?.timeZone ?? 'UTC';
  const editor = useSiteEditor(draft, seePublish, schedules.refresh, (at) =>
    siteCopy.schedule.scheduled(`${format.dateTime(at)} (${timeZone})`),
  );
  const { me } = useSession();
  const kept = useKeptEdits(me.staff.email, draft, editor.saved, editor.content);
  const [announcement, setAnnouncement] = useState('');
  const errorHeading = useRef<HTMLHeadingElement>(null);
  const conflictHeading = useRef<HTMLHeadingElement>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);
  const { attention, fieldErrors, setField } = editor;
  useLeaveWarning(editor.isDirty ? siteCopy.leaveWarning : null);
  useAutosave(editor.content, editor.canAutosave && kept.offer === null, editor.autosave);

  useEffect(() => {
    if (attention === null) return;
    const targets = { errors: errorHeading, conflict: conflictHeading, status: statusLine };
    // The action's button was disabled while it ran, which drops focus: the result takes it.
    targets[attention.target].current?.focus();
  }, [attention]);

  const wordsFor = (key: string | undefined) => {
    const code = key === undefined ? undefined : fieldErrors[key];
    return code ? siteCopy.errors[code] : undefined;
  };
  const form: SiteForm = {
    content: editor.content,
    setField,
    errorAt: (path) => wordsFor(path),
    errorWithin: (path) => wordsFor(Object.keys(fieldErrors).find((key) => isWithin(key, path))),
    announce: setAnnouncement,
  };

  async function cancelSchedule(entry: SiteScheduleEntry) {
    if (await schedules.cancel(entry)) {
      setAnnouncement(siteCopy.schedule.cancelled(`${format.dateTime(entry.at)} (${timeZone})`));
    }
  }

  async function preview() {
    // Opened after the save, within the click's permission to open a tab.
    if (await editor.prepareForPreview()) window.open(SITE_PREVIEW_PATH, '_blank', 'noopener');
  }

  return (
    <div className="flex flex-col gap-8">
      <LiveProblemBanner publishes={publishes} />
      <SiteToolbar
        saveState={editor.saveState}
        busy={editor.busy}
        isLocked={editor.conflict !== null}
        onSave={() => void editor.save()}
        onPreview={() => void preview()}
        onPublish={() => void editor.publish()}
        status={<StatusLine ref={statusLine} status={editor.status} />}
        schedule={
          <ScheduleBar
            view={schedules}
            isDisabled={editor.busy !== null || editor.conflict !== null}
            isBusy={editor.busy === 'scheduling'}
            onSchedule={editor.publishAt}
            onCancel={(entry) => void cancelSchedule(entry)}
          />
        }
        menu={<SectionMenu />}
      />
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {kept.offer ? (
        <KeptEditsOffer
          kept={kept.offer}
          onBringBack={() => {
            if (kept.offer) editor.bringBack(kept.offer);
            kept.closeOffer();
            setAnnouncement(siteCopy.keptEdits.broughtBack);
          }}
          onDiscard={() => {
            kept.closeOffer();
            setAnnouncement(siteCopy.keptEdits.discarded);
          }}
        />
      ) : null}
      {editor.isSignInNeeded ? (
        <SignInAgainDialog
          email={me.staff.email}
          onSignedIn={() => void editor.onSignedInAgain()}
        />
      ) : null}
      {editor.conflict ? (
        <ConflictView
          ref={conflictHeading}
          key={editor.conflict.theirs.revision}
          fields={editor.conflict.fields}
          isBusy={editor.busy !== null}
          onResolve={(choices) => void editor.resolve(choices)}
        />
      ) : (
        <SiteFormContext value={form}>
          <ErrorSummary ref={errorHeading} fieldErrors={fieldErrors} />
          <form
            aria-label={siteCopy.title}
            onSubmit={(event) => {
              event.preventDefault();
              void editor.save();
            }}
            className="flex flex-col gap-8"
          >
            <MetaFields />
            <HeroFields />
            <ServicesFields />
            <PortfolioFields />
            <AboutFields />
            <TestimonialsFields />
            <ContactFields />
            <FooterFields />
          </form>
        </SiteFormContext>
      )}
      <HistoryPanel
        version={publishes}
        isDirty={editor.isDirty}
        draftRevision={editor.saved.revision}
        isBusy={editor.busy !== null}
        // A restore may add the draft it replaced to the history: the list is read again.
        onRestore={(entry) => void editor.restore(entry).then(seePublish)}
        schedules={
          <ScheduleList view={schedules} onCancel={(entry) => void cancelSchedule(entry)} />
        }
      />
    </div>
  );
}
