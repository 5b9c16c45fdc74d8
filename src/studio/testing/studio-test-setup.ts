import { afterEach } from 'vitest';
import { forgetKeptLists } from '../api/kept-lists';

/** Each test opens the studio afresh, as a new tab would: no list is kept from the last one. */
afterEach(() => {
  forgetKeptLists();
});
