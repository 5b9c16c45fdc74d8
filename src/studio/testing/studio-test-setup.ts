import { options } from 'preact';
import { afterEach } from 'vitest';
import { forgetKeptLists } from '../api/kept-lists';

/**
 * Preact runs effects after the next frame, racing a frame against a timer that cancels the
 * frame; jsdom's frame functions are gone once a file's last test is over, and a race still
 * pending then throws. In the studio's tests effects run on the next task instead, as React's
 * scheduler runs them.
 */
options.requestAnimationFrame = (callback) => setTimeout(callback);

/** Each test opens the studio afresh, as a new tab would: no list is kept from the last one. */
afterEach(() => {
  forgetKeptLists();
});
