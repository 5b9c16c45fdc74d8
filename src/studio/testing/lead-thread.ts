import { screen } from '@testing-library/react';
import type { ThreadMessage } from '../../../common/leads';
import type { EnquiryDetail } from '../api/types';
import { ENQUIRIES, json, ME, mockStudioApi } from './mock-studio-api';
import { renderStudio } from './render-studio';

export const [ANN] = ENQUIRIES as [EnquiryDetail, ...EnquiryDetail[]];

/** A message in Ann's thread: her verified answer to the studio, unless `change` says otherwise. */
export function threadMessage(
  change: Partial<ThreadMessage> & Pick<ThreadMessage, 'id'>,
): ThreadMessage {
  return {
    direction: 'in',
    from: ANN.email,
    fromName: null,
    to: 'reply@emberandink.example',
    cc: [],
    at: '2026-11-23T12:00:00.000Z',
    subject: 'Re: Your enquiry',
    text: '',
    isAcknowledgement: false,
    state: 'received',
    reason: null,
    isThirdParty: false,
    isThroughTheSite: false,
    isTruncated: false,
    isVerified: true,
    calendarAnswer: null,
    attachments: [],
    ...change,
  };
}

/** Opens the lead `detail` as an emailed link would, and answers with its conversation. */
export function openLeadThread(detail: EnquiryDetail): Promise<HTMLElement> {
  mockStudioApi({
    'GET me': () => json(200, ME),
    [`GET leads/${detail.id}`]: () => json(200, detail),
    'GET staff': () => json(200, { items: [] }),
    'GET saved-replies': () => json(200, { items: [] }),
  });
  renderStudio(`/studio?view=lead&id=${detail.id}`);
  return screen.findByRole('region', { name: 'Conversation' });
}
