/**
 * The browser's date and number data, loaded on a thread of its own (decision 0126).
 *
 * A page's first `Intl` formatter loads that data: 15–25 ms of one task on a desktop, several
 * times that on a phone, and no way to split it. The data is kept for the whole renderer process,
 * so once this worker has made a formatter of each kind, the studio's own first date on the
 * main thread costs under a millisecond. A drawn screen starts it from its head
 * (server/studio/studio-first-screen.ts), while the stylesheet is on its way.
 */
new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(0);
self.close();
