import { options } from 'preact';

/**
 * Preact runs effects after the next frame, racing a frame against a timer that cancels the
 * frame; jsdom's frame functions are gone once a file's last test is over, and a race still
 * pending then throws. In the studio's tests effects run on the next task instead, as React's
 * scheduler runs them.
 */
options.requestAnimationFrame = (callback) => setTimeout(callback);
