import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { weekReport } from '../testing/audience-report';
import { DailyChart } from './daily-chart';

const REPORT = weekReport({
  publishes: [
    {
      at: '2026-11-26T10:05:00.000Z',
      revision: 'c',
      by: 'sam@emberandink.example',
      summary: 'A new quote',
    },
    {
      at: '2026-11-22T09:00:00.000Z',
      revision: 'a',
      by: 'ana@emberandink.example',
      summary: 'New hours',
    },
    {
      at: '2026-11-26T10:02:00.000Z',
      revision: 'b',
      by: 'sam@emberandink.example',
      summary: 'A new image',
    },
  ],
});

const NAMES: Record<string, string> = {
  'sam@emberandink.example': 'Sam Okafor',
  'ana@emberandink.example': 'Ana Lima',
};

describe('the daily chart', () => {
  it('gives the publishes of one day one marker that names them all, so no two cover each other', () => {
    render(<DailyChart report={REPORT} nameOf={(email) => NAMES[email] ?? email} />);
    const markers = screen.getAllByRole('button');
    expect(markers).toHaveLength(2);
    const sameDay = markers[1]?.getAttribute('aria-label') ?? '';
    expect(sameDay).toContain('A new image');
    expect(sameDay).toContain('A new quote');
    expect(sameDay.indexOf('A new image')).toBeLessThan(sameDay.indexOf('A new quote'));
    expect(markers[0]?.getAttribute('aria-label')).toContain('New hours');
    expect(markers[0]?.getAttribute('aria-label')).toContain('Published by Ana Lima');
    expect(sameDay).not.toContain('@');
  });
});
