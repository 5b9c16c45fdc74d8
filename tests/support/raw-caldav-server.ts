import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './listen-on-loopback';

/**
 * A CalDAV calendar that expands nothing: its REPORT answers every object it holds, whatever
 * the time range asked, as raw iCalendar text, which is all RFC 4791 requires when the client
 * asks for calendar-data without <C:expand>. Radicale cannot stand in for it where a rule never
 * ends: it evaluates the time range itself (python-dateutil) and hangs on the same rules.
 * PUT stores an object, DELETE removes it, PROPFIND answers the collection alone.
 */
export type RawCaldavServer = {
  /** CALDAV_URL for the one calendar it serves, with a user and password in it. */
  calendarUrl: string;
  /** Stores one object as `<name>.ics`, as a calendar app would. */
  put(name: string, ics: string): void;
  /** How many REPORTs it has answered. */
  reportsAnswered(): number;
  close(): Promise<void>;
};

const CALENDAR_PATH = '/calendars/studio/';
const MULTISTATUS = 'application/xml; charset=utf-8';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function multistatus(entries: string[]): string {
  return `<?xml version="1.0" encoding="utf-8"?><d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">${entries.join('')}</d:multistatus>`;
}

function objectEntry(href: string, etag: string, ics: string): string {
  return `<d:response><d:href>${href}</d:href><d:propstat><d:prop><d:getetag>"${etag}"</d:getetag><c:calendar-data>${escapeXml(ics)}</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;
}

export async function startRawCaldavServer(): Promise<RawCaldavServer> {
  const objects = new Map<string, { etag: string; ics: string }>();
  let reports = 0;
  let version = 0;

  function answer(request: IncomingMessage, body: string, response: ServerResponse): void {
    const path = new URL(request.url ?? '/', 'http://calendar').pathname;
    if (request.method === 'REPORT' && path === CALENDAR_PATH) {
      reports += 1;
      response.writeHead(207, { 'content-type': MULTISTATUS });
      response.end(
        multistatus([...objects].map(([href, { etag, ics }]) => objectEntry(href, etag, ics))),
      );
      return;
    }
    if (request.method === 'PROPFIND') {
      response.writeHead(207, { 'content-type': MULTISTATUS });
      response.end(
        multistatus([
          `<d:response><d:href>${CALENDAR_PATH}</d:href><d:propstat><d:prop><d:resourcetype><d:collection/><c:calendar/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`,
        ]),
      );
      return;
    }
    if (request.method === 'PUT' && path.startsWith(CALENDAR_PATH)) {
      version += 1;
      objects.set(path, { etag: `v${version}`, ics: body });
      response.writeHead(201, { etag: `"v${version}"` });
      response.end();
      return;
    }
    if (request.method === 'DELETE' && path.startsWith(CALENDAR_PATH)) {
      response.writeHead(objects.delete(path) ? 204 : 404);
      response.end();
      return;
    }
    response.writeHead(405);
    response.end();
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  const port = await listenOnLoopback(server);
  return {
    calendarUrl: `http://studio:app-password@127.0.0.1:${port}${CALENDAR_PATH}`,
    put(name, ics) {
      version += 1;
      objects.set(`${CALENDAR_PATH}${name}.ics`, { etag: `v${version}`, ics });
    },
    reportsAnswered: () => reports,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
