/** What every message of an enquiry's thread is about, for Outlook's Thread-Topic. */
export const THREAD_TOPIC = 'Your enquiry to Ember & Ink';

/** The subject of the studio's replies. */
export const REPLY_SUBJECT = `Re: ${THREAD_TOPIC}`;
