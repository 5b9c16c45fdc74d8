import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LeadDraft } from '../../../common/lead-drafts';
import type { EnquiryDetail } from '../api/types';
import {
  detailOf,
  ENQUIRIES,
  json,
  ME,
  mockStudioApi,
  noContent,
  refusal,
  type RecordedCall,
} from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const [ANN] = ENQUIRIES as [EnquiryDetail, ...EnquiryDetail[]];
const LEAD: EnquiryDetail = { ...detailOf(ANN, null), stage: 'new', notes: [], thread: [] };
const SAVED_AT = '2026-11-26T15:45:00.000Z';
const drafts = `leads/${ANN.id}/drafts`;

/** The server as the enquiry screen sees it, keeping the drafts it is sent. */
function draftApi(kept: LeadDraft[], handlers: Parameters<typeof mockStudioApi>[0] = {}) {
  const save = (kind: 'reply' | 'note') => (call: RecordedCall) => {
    const { text } = call.body as { text: string };
    const draft = { kind, text, savedAt: SAVED_AT };
    kept = [...kept.filter((other) => other.kind !== kind), draft];
    return json(200, draft);
  };
  const discard = (kind: 'reply' | 'note') => () => {
    kept = kept.filter((other) => other.kind !== kind);
    return noContent();
  };
  return mockStudioApi({
    'GET me': () => json(200, ME),
    [`GET leads/${ANN.id}`]: () => json(200, LEAD),
    'GET staff': () => json(200, { items: [{ email: ME.staff.email }] }),
    'GET saved-replies': () => json(200, { items: [] }),
    [`GET ${drafts}`]: () => json(200, { items: kept }),
    [`PUT ${drafts}/reply`]: save('reply'),
    [`PUT ${drafts}/note`]: save('note'),
    [`DELETE ${drafts}/reply`]: discard('reply'),
    [`DELETE ${drafts}/note`]: discard('note'),
    [`POST leads/${ANN.id}/replies`]: () =>
      json(201, { id: 'm-1', messageId: '<m-1@x>', state: 'queued' }),
    ...handlers,
  });
}

const openAnn = () => renderStudio(`/studio?view=lead&id=${ANN.id}`);

describe('what is typed on a lead', () => {
  it('finds the reply and note left half-written, as they were', async () => {
    draftApi([
      { kind: 'reply', text: 'Dear Ann,\n\nThank you for ', savedAt: SAVED_AT },
      { kind: 'note', text: 'Budget is firm', savedAt: SAVED_AT },
    ]);
    openAnn();
    expect(await screen.findByLabelText('Reply to Ann Lee')).toHaveValue(
      'Dear Ann,\n\nThank you for ',
    );
    expect(screen.getByLabelText('New note')).toHaveValue('Budget is firm');
  });

  it('keeps the words on the server as they are typed, and sending throws the draft away', async () => {
    const api = draftApi([]);
    const { user } = openAnn();
    const box = await screen.findByLabelText('Reply to Ann Lee');
    await user.type(box, 'Could we talk on Tuesday?');
    await waitFor(() => expect(screen.getByText('Draft saved')).toBeVisible(), { timeout: 15_000 });
    expect(api.callsTo(`PUT ${drafts}/reply`).at(-1)?.body).toEqual({
      text: 'Could we talk on Tuesday?',
    });

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.callsTo(`DELETE ${drafts}/reply`)).toHaveLength(1));
    expect(box).toHaveValue('');
  });

  it('throws a draft away only when the person says so', async () => {
    const api = draftApi([{ kind: 'note', text: 'Call Tuesday', savedAt: SAVED_AT }]);
    const { user } = openAnn();
    const note = await screen.findByLabelText('New note');
    await waitFor(() => expect(note).toHaveValue('Call Tuesday'));
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(note).toHaveValue('');
    await waitFor(() => expect(api.callsTo(`DELETE ${drafts}/note`)).toHaveLength(1));
  });

  it('asks before leaving a stage not yet saved', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    draftApi([]);
    const { user } = openAnn();
    await user.selectOptions(await screen.findByLabelText('Stage'), 'proposal');

    await user.click(screen.getByRole('link', { name: 'Back to the enquiries' }));
    expect(confirm).toHaveBeenCalledWith(
      'The stage, owner or follow-up you changed is not saved. Leave without saving it?',
    );
    expect(screen.getByLabelText('Stage')).toHaveValue('proposal');
  });

  it('asks before leaving a reply whose attached file the draft does not keep, and not once it is sent', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    draftApi([]);
    const { user } = openAnn();
    await user.type(
      await screen.findByLabelText('Reply to Ann Lee'),
      'I have attached the proposal.',
    );
    const proposal = new File(['%PDF-1.7'], 'proposal.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Attach files (optional)'), proposal);
    await waitFor(() => expect(screen.getByText('Draft saved')).toBeVisible(), { timeout: 15_000 });

    await user.click(screen.getByRole('link', { name: 'Back to the enquiries' }));
    expect(confirm).toHaveBeenCalledWith(
      'The files attached to your reply (and its CC) are not kept with the draft. Leave without them?',
    );
    expect(screen.getByLabelText('Reply to Ann Lee')).toHaveValue('I have attached the proposal.');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('Reply to Ann Lee')).toHaveValue(''));
    confirm.mockClear();
    await user.click(screen.getByRole('link', { name: 'Back to the enquiries' }));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks for the password when the session ended, then saves what waited', async () => {
    let isSignedIn = false;
    const api = draftApi([], {
      [`PUT ${drafts}/note`]: (call) =>
        isSignedIn
          ? json(200, {
              kind: 'note',
              text: (call.body as { text: string }).text,
              savedAt: SAVED_AT,
            })
          : refusal(401, 'unauthenticated'),
      'POST session': () => {
        isSignedIn = true;
        return json(200, ME);
      },
    });
    const { user } = openAnn();
    await user.type(await screen.findByLabelText('New note'), 'Wants a call');
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in and save' }));
    await waitFor(() => expect(dialog).not.toBeVisible());
    await waitFor(() =>
      expect(api.callsTo(`PUT ${drafts}/note`).at(-1)?.body).toEqual({ text: 'Wants a call' }),
    );
    expect(screen.getByLabelText('New note')).toHaveValue('Wants a call');
  });
});
