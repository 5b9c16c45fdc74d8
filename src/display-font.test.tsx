import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BUILD_LANDING } from '../common/landing-options';
import { DISPLAY_FONT_TEXT } from './theme/display-font';
import { createSiteContentSeed } from './content/site-content-seed';
import { render as prerender } from './entry-server';
import { ErrorBoundary } from './pages/error-boundary';

function Broken(): never {
  throw new Error('boom');
}

/** Text set in the display font, and the weight classes it is set with. */
function displayText(root: ParentNode): { text: string; weights: string[] } {
  const elements = [...root.querySelectorAll('.font-display')];
  return {
    text: elements.map((element) => element.textContent).join(''),
    weights: elements.flatMap((element) =>
      [
        ...element.classList,
        ...[...element.querySelectorAll('*')].flatMap((child) => [...child.classList]),
      ].filter((name) =>
        /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/.test(name),
      ),
    ),
  };
}

function pageText(html: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  return displayText(container);
}

describe('the display font subset', () => {
  const pages = {
    landing: pageText(prerender('/', createSiteContentSeed(), BUILD_LANDING)),
    'not found': pageText(prerender('/404', createSiteContentSeed(), BUILD_LANDING)),
    'application error': (() => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { container } = render(
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>,
      );
      return displayText(container);
    })(),
  };

  it.each(Object.entries(pages))(
    'covers every character of the %s page’s headings',
    (_page, { text }) => {
      expect(text.length).toBeGreaterThan(0);
      const missing = [...new Set(text)].filter(
        (character) => !/\s/.test(character) && !DISPLAY_FONT_TEXT.includes(character),
      );
      expect(missing).toEqual([]);
    },
  );

  it.each(Object.entries(pages))(
    'covers the weights of the %s page’s headings (400–600)',
    (_page, { weights }) => {
      expect(
        weights.filter((weight) => weight !== 'font-normal' && weight !== 'font-semibold'),
      ).toEqual([]);
    },
  );
});
