import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { showsCallTimes } from '../../common/booking-page';
import type { FormPage, RenderedFormPage } from '../../common/form-page';
import { fillShell, type RenderFormPage } from '../http/form-answers';

/** Written by the prerender next to dist/client, so it is never served as a file. */
export const FORM_SHELL_FILE = 'form-page.html';
/** The same shell with the booking pages' script, which shows the slots in the visitor's zone. */
export const BOOKING_SHELL_FILE = 'booking-page.html';
export const SSR_ENTRY = path.join('server', 'entry-server.js');

type SsrEntry = { renderFormPage: (page: FormPage) => RenderedFormPage };

async function loadParts(distDir: string) {
  const read = (file: string) => readFile(path.join(distDir, file), 'utf8');
  const [formShell, bookingShell] = await Promise.all([
    read(FORM_SHELL_FILE),
    read(BOOKING_SHELL_FILE),
  ]);
  const entry = (await import(pathToFileURL(path.join(distDir, SSR_ENTRY)).href)) as SsrEntry;
  if (typeof entry.renderFormPage !== 'function') {
    throw new Error(`${SSR_ENTRY} in ${distDir} does not export renderFormPage.`);
  }
  return {
    shellFor: (page: FormPage) => (showsCallTimes(page) ? bookingShell : formShell),
    render: entry.renderFormPage,
  };
}

/**
 * Renders form pages with the build's own React components (the SSR bundle), loaded on the
 * first form post that needs one: visitors with JavaScript never cause it, and the server
 * starts without it.
 */
export function createFormPageRenderer(distDir: string): RenderFormPage {
  let parts: ReturnType<typeof loadParts> | null = null;
  return async (page) => {
    parts ??= loadParts(distDir).catch((error: unknown) => {
      parts = null;
      throw error;
    });
    const { shellFor, render } = await parts;
    return fillShell(shellFor(page), render(page));
  };
}
