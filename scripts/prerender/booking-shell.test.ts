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

  it('loads it as a module in the head of the form shell, and nothing else changes', () => {
    const shell = '<html><head><title>x</title></head><body><!--app-html--></body></html>';
    expect(withBookingTimes(shell, '/assets/booking-times-1.js')).toBe(
      '<html><head><title>x</title><script type="module" src="/assets/booking-times-1.js"></script></head><body><!--app-html--></body></html>',
    );
    expect(() => withBookingTimes('<body></body>', '/a.js')).toThrow(/no <\/head>/);
  });
});
