/**
 * The most a calendar's answer to one read may hold: the whole horizon of a crowded calendar
 * is a few megabytes; an answer larger than this is not read at all.
 */
export const MAX_REPLY_BYTES = 16 * 1024 * 1024;

/** The calendar answered, but not with calendar data: what an owner should look at. */
export class NotCalendarData extends Error {}

/** The body of `response`, refused once it passes `maxBytes`. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new NotCalendarData(`its answer is over ${maxBytes} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (
    let read = await reader?.read();
    read !== undefined && !read.done;
    read = await reader?.read()
  ) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader?.cancel().catch(() => undefined);
      throw new NotCalendarData(`its answer is over ${maxBytes} bytes`);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A fetch for calendar-query REPORTs that lets through only what can be calendar data: a 207
 * Multi-Status in XML, within MAX_REPLY_BYTES. A sign-in or maintenance page (200 HTML), an
 * empty 2xx or a redirect is refused with words that say what is wrong, rather than parsed
 * into "no events".
 */
export function createCalendarReplyFetch(maxBytes = MAX_REPLY_BYTES): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, { ...init, redirect: 'manual' });
    if (response.status !== 207) {
      await response.body?.cancel();
      const type = response.headers.get('content-type') ?? 'no content type';
      throw new NotCalendarData(
        `it answered ${response.status} (${type}) where a calendar answers 207 Multi-Status: check that CALDAV_URL is the calendar's own address and its password is right`,
      );
    }
    const type = response.headers.get('content-type') ?? '';
    if (!/xml/i.test(type)) {
      await response.body?.cancel();
      throw new NotCalendarData(`it answered 207 with ${type || 'no content type'}, not XML`);
    }
    const text = await readCapped(response, maxBytes);
    return new Response(text, { status: 207, headers: response.headers });
  };
}
