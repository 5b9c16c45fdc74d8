import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookingTimesSrc, withBookingTimes } from './booking-shell';

describe('the booking pages’ shell', () => {
  it('names the built booking script, and fails the build when it is missing', async () => {
    const clientDir = await mkdtemp(path.join(tmpdir(), 'booking-shell-'));
    try {
      await mkdir(path.join(clientDir, 'assets'));
      await expect(bookingTimesSrc(clientDir)).rejects.toThrow(/missing/);
      await writeFile(path.join(clientDir, 'assets', 'booking-times-Bq3x9ZkA.js.br'), '');
      await writeFile(path.join(clientDir, 'assets', 'booking-times-Bq3x9ZkA.js'), '');
      expect(await bookingTimesSrc(clientDir)).toBe('/assets/booking-times-Bq3x9ZkA.js');
    } finally {
      await rm(clientDir, { recursive: true, force: true });
    }
  });

  it('imports it after the first paint, and declares or preloads no face of its own', () => {
    const shell =
      '<html><head><title>x</title><style>h1{font-family:Fraunces}</style></head><body><!--app-html--></body></html>';
    const booking = withBookingTimes(shell, '/assets/booking-times-1.js');
    expect(booking).not.toContain('<script type="module"');
    expect(booking).toMatch(
      /<script>\(function\(\)\{.*first-contentful-paint.*import\("\/assets\/booking-times-1\.js"\).*<\/script>\s*<\/body>/,
    );
    expect(booking).not.toContain('rel="preload"');
    expect(booking).not.toContain('@font-face');
    expect(booking).not.toContain('<noscript>');
    expect(() => withBookingTimes('<head></head>', '/a.js')).toThrow(/no <\/body>/);
  });
});
