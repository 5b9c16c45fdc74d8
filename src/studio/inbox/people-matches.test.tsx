import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PeopleMatches } from '../../../common/people';
import { FIRST_PAGE, json, ME, mockStudioApi, refusal } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const ANN_FOUND: PeopleMatches = {
  items: [
    { id: 'p-ann', name: 'Ann Lee', email: 'ann@example.com', leads: 2 },
    { id: 'p-anna', name: 'Anna Holt', email: 'anna@example.com', leads: 1 },
  ],
};

/** The studio API with a people search that answers `people`; `answers` are what it sent. */
function searchApi(people: () => Response) {
  const answers: Response[] = [];
  const api = mockStudioApi({
    'GET me': () => json(200, ME),
    'GET leads': () => json(200, FIRST_PAGE),
    'GET people': () => {
      const answer = people();
      answers.push(answer);
      return answer;
    },
  });
  return { ...api, answers };
}

/** The inbox has read the people search's answer, so what it shows of it is final. */
const answerRead = (api: ReturnType<typeof searchApi>) =>
  expect.poll(() => api.answers.length === 1 && api.answers[0]?.bodyUsed).toBe(true);

describe("the inbox's search finds people", () => {
  it('shows the people the words find above the leads, each linking to their page', async () => {
    const api = searchApi(() => json(200, ANN_FOUND));
    const { user } = renderStudio();
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'ann');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const people = await screen.findByRole('region', { name: 'People' });
    expect(api.callsTo('GET people').at(-1)?.query.get('q')).toBe('ann');
    const [ann, anna] = within(people).getAllByRole('listitem');
    expect(ann).toHaveTextContent('Ann Leeann@example.com2 leads');
    expect(anna).toHaveTextContent('Anna Holtanna@example.com1 lead');
    const firstLead = await screen.findByRole('link', { name: 'Unread Ann Lee' });
    expect(people.compareDocumentPosition(firstLead)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    await user.click(within(people).getByRole('link', { name: 'All about Ann Lee' }));
    const address = new URLSearchParams(window.location.search);
    expect([address.get('view'), address.get('id')]).toEqual(['person', 'p-ann']);
  });

  it('asks for people only when there are search words, and shows none when none match', async () => {
    const api = searchApi(() => json(200, { items: [] }));
    const { unmount } = renderStudio();
    await screen.findByRole('link', { name: 'Bo Chen' });
    expect(api.callsTo('GET people')).toEqual([]);
    unmount();

    renderStudio('/studio?q=zed');
    await answerRead(api);
    await screen.findByRole('link', { name: 'Bo Chen' });
    expect(screen.queryByRole('region', { name: 'People' })).toBeNull();
  });

  it('keeps the leads listed when people cannot be searched', async () => {
    const api = searchApi(() => refusal(500, 'internal'));
    renderStudio('/studio?q=ann');

    await answerRead(api);
    expect(await screen.findByRole('link', { name: 'Bo Chen' })).toBeVisible();
    expect(screen.getByText('3 enquiries shown.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'People' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
