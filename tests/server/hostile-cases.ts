import { gzipSync } from 'node:zlib';
import type { ApiErrorCode } from '../../common/api';
import { readConfig } from '../../server/config';
import { SITE_ORIGIN } from './helpers/api-client';

export const BODY_LIMIT_BYTES = readConfig({}).bodyLimitBytes;

export type Target = 'contact' | 'newsletter' | 'page';

export type HostileRequest = {
  target: Target;
  method: string;
  /** A null value leaves that default header out. */
  headers: Record<string, string | null>;
  body?: string | Buffer;
  /** Sends the body in pieces with Transfer-Encoding: chunked, so no Content-Length is declared. */
  isChunked?: boolean;
  /** Adds a fresh solved challenge to the body, as the site's script does. */
  isSolved?: boolean;
};

export type Rejected = {
  kind: 'rejected';
  status: number;
  error?: ApiErrorCode;
  /** The field the 422 must name, so a case fails for the reason it was written for. */
  field?: string;
  allow?: string;
};

export type Accepted = {
  kind: 'accepted';
  /** 303 answers a plain form post, which is sent on to the prerendered sent page. */
  status: 200 | 201 | 303;
  /** The row as it must be stored: contact fields, or the subscriber's address. */
  stored: Record<string, string>;
  isSpam?: boolean;
  /** Fragments the HTML email must and must not contain. */
  html?: { includes: string[]; excludes: string[] };
};

export type HostileCase = { label: string; request: HostileRequest; expected: Rejected | Accepted };

const VALID = {
  name: 'Ann Lee',
  email: 'ann.lee@example.com',
  service: 'Brand Strategy',
  message: 'We would like a new brand for our bakery.',
};
type ContactKey = keyof typeof VALID;
const CONTACT_FIELDS = Object.keys(VALID) as ContactKey[];

const JSON_HEADERS = { 'content-type': 'application/json', origin: SITE_ORIGIN };

function post(
  target: Target,
  body: string | Buffer,
  headers: Record<string, string | null> = {},
): HostileRequest {
  return { target, method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body };
}

/** A valid enquiry with some fields replaced; `undefined` leaves the field out. */
function contactBody(overrides: Record<string, unknown> = {}): string {
  const merged: Record<string, unknown> = { ...VALID, ...overrides };
  return JSON.stringify(merged);
}

function contact(
  overrides: Record<string, unknown> = {},
  headers: Record<string, string | null> = {},
): HostileRequest {
  return { ...post('contact', contactBody(overrides), headers), isSolved: true };
}

const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded', origin: SITE_ORIGIN };

/** A plain HTML form post, as a browser without JavaScript sends it. */
function form(
  target: Target,
  body: string | Buffer,
  headers: Record<string, string | null> = {},
): HostileRequest {
  return { target, method: 'POST', headers: { ...FORM_HEADERS, ...headers }, body };
}

function formBody(overrides: Record<string, string> = {}): string {
  return new URLSearchParams({ ...VALID, website: '', ...overrides }).toString();
}

/**
 * The same envelope and field checks for plain form posts: the refusals come as pages, and a
 * valid post without a solution (no script, no proof of work) is kept as spam.
 */
function formEnvelopeCases(): HostileCase[] {
  return [
    {
      label: 'form: valid, no solution',
      request: form('contact', formBody()),
      expected: acceptedEnquiry({}, { status: 303, isSpam: true }),
    },
    {
      label: 'form: valid, solved',
      request: { ...form('contact', formBody()), isSolved: true },
      expected: acceptedEnquiry({}, { status: 303 }),
    },
    {
      label: 'form: honeypot filled, solved',
      request: { ...form('contact', formBody({ website: 'x' })), isSolved: true },
      expected: acceptedEnquiry({}, { status: 303, isSpam: true }),
    },
    {
      label: 'form: email invalid',
      request: form('contact', formBody({ email: 'a@' })),
      expected: invalid('email'),
    },
    {
      label: 'form: unknown field',
      request: form('contact', `${formBody()}&isSpam=false`),
      expected: refused(422, 'invalid_fields'),
    },
    {
      label: 'form: a field sent twice',
      request: form('contact', `${formBody()}&name=Eve`),
      expected: refused(400, 'bad_form'),
    },
    {
      label: 'form: invalid UTF-8',
      request: form('contact', Buffer.concat([Buffer.from('name=Ann'), Buffer.from([0xc3, 0x28])])),
      expected: refused(400, 'bad_form'),
    },
    {
      label: `form: body over ${BODY_LIMIT_BYTES} bytes`,
      request: form('contact', formBody({ message: 'x'.repeat(BODY_LIMIT_BYTES) })),
      expected: refused(413, 'too_large'),
    },
    {
      label: 'form: gzip Content-Encoding',
      request: form('contact', gzipSync(formBody()), { 'content-encoding': 'gzip' }),
      expected: refused(415, 'compressed_body'),
    },
    {
      label: 'form: latin1 charset',
      request: form('contact', formBody(), {
        'content-type': 'application/x-www-form-urlencoded; charset=latin1',
      }),
      expected: refused(415, 'not_json'),
    },
    {
      label: 'form: cross-site Origin',
      request: form('contact', formBody(), { origin: 'https://evil.example' }),
      expected: refused(403, 'cross_site'),
    },
    {
      label: 'form: Sec-Fetch-Site: cross-site',
      request: form('contact', formBody(), { 'sec-fetch-site': 'cross-site' }),
      expected: refused(403, 'cross_site'),
    },
  ];
}

function newsletter(body: unknown, headers: Record<string, string | null> = {}): HostileRequest {
  return post('newsletter', typeof body === 'string' ? body : JSON.stringify(body), headers);
}

function invalid(field: string): Rejected {
  return { kind: 'rejected', status: 422, error: 'invalid_fields', field };
}

function refused(status: number, error: ApiErrorCode): Rejected {
  return { kind: 'rejected', status, error };
}

function acceptedEnquiry(stored: Partial<typeof VALID>, extra: Partial<Accepted> = {}): Accepted {
  return { kind: 'accepted', status: 201, stored: { ...VALID, ...stored }, ...extra };
}

const WRONG_TYPES: [string, unknown][] = [
  ['an array', ['Ann Lee']],
  ['a number', 42],
  ['null', null],
  ['an object', { value: 'Ann Lee' }],
  ['a boolean', true],
];

function fieldCases(): HostileCase[] {
  return CONTACT_FIELDS.flatMap((field): HostileCase[] => [
    {
      label: `${field} missing`,
      request: contact({ [field]: undefined }),
      expected: invalid(field),
    },
    { label: `${field} empty`, request: contact({ [field]: '' }), expected: invalid(field) },
    {
      label: `${field} whitespace only`,
      request: contact({ [field]: ' \t\u00A0 ' }),
      expected: invalid(field),
    },
    ...WRONG_TYPES.map(([type, value]): HostileCase => ({
      label: `${field} is ${type}`,
      request: contact({ [field]: value }),
      expected: invalid(field),
    })),
  ]);
}

function wholeBodyCases(): HostileCase[] {
  return [
    ['an array', '[]'],
    ['a number', '42'],
    ['null', 'null'],
    ['a string', '"Ann Lee"'],
    ['a boolean', 'true'],
    ['10,000 nested arrays', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
  ].map(([type = '', body = '']): HostileCase => ({
    label: `whole body is ${type}`,
    request: post('contact', body),
    expected: refused(422, 'invalid_fields'),
  }));
}

const LONG_EMAIL_254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;

function valueCases(): HostileCase[] {
  return [
    {
      label: 'unknown service',
      request: contact({ service: 'Cooking' }),
      expected: invalid('service'),
    },
    {
      label: "service 'brand strategy'",
      request: contact({ service: 'brand strategy' }),
      expected: invalid('service'),
    },
    {
      label: "service 'BRAND STRATEGY'",
      request: contact({ service: 'BRAND STRATEGY' }),
      expected: invalid('service'),
    },
    {
      label: 'service with padding',
      request: contact({ service: ' Brand Strategy ' }),
      expected: invalid('service'),
    },
    {
      label: 'CRLF Bcc injection in name',
      request: contact({ name: 'Ann\r\nBcc: victim@example.com' }),
      expected: invalid('name'),
    },
    {
      label: 'LF header injection in name',
      request: contact({ name: 'Ann\nSubject: Free money' }),
      expected: invalid('name'),
    },
    {
      label: 'CRLF Bcc injection in email',
      request: contact({ email: 'ann@example.com\r\nBcc: victim@example.com' }),
      expected: invalid('email'),
    },
    {
      label: 'CR only in email',
      request: contact({ email: 'ann@example.com\rCc: victim@example.com' }),
      expected: invalid('email'),
    },
    {
      label: "two addresses 'a@x.com, b@y.com'",
      request: contact({ email: 'a@x.com, b@y.com' }),
      expected: invalid('email'),
    },
    {
      label: "two addresses 'a@x.com;b@y.com'",
      request: contact({ email: 'a@x.com;b@y.com' }),
      expected: invalid('email'),
    },
    {
      label: "display name 'A <a@x.com>'",
      request: contact({ email: 'A <a@x.com>' }),
      expected: invalid('email'),
    },
    {
      label: 'not an address',
      request: contact({ email: 'not-an-email' }),
      expected: invalid('email'),
    },
    {
      label: 'name of 101 characters',
      request: contact({ name: 'n'.repeat(101) }),
      expected: invalid('name'),
    },
    {
      label: 'email of 255 characters',
      request: contact({ email: `a${LONG_EMAIL_254}` }),
      expected: invalid('email'),
    },
    {
      label: 'message of 5001 characters',
      request: contact({ message: 'm'.repeat(5001) }),
      expected: invalid('message'),
    },
    {
      label: 'NUL byte in name',
      request: contact({ name: 'Ann\u0000Lee' }),
      expected: invalid('name'),
    },
    {
      label: 'NUL byte in email',
      request: contact({ email: 'ann\u0000@example.com' }),
      expected: invalid('email'),
    },
    {
      label: 'NUL byte in message',
      request: contact({ message: 'Hello\u0000world' }),
      expected: invalid('message'),
    },
    {
      label: 'honeypot of the wrong type',
      request: contact({ website: 123 }),
      expected: invalid('website'),
    },
    {
      label: 'unknown extra key',
      request: contact({ isSpam: false }),
      expected: refused(422, 'invalid_fields'),
    },
  ];
}

function prototypeCases(): HostileCase[] {
  const base = contactBody().slice(0, -1);
  return [
    ['__proto__ key', '"__proto__":{"isSpam":true,"polluted":"yes"}'],
    ['constructor key', '"constructor":{"prototype":{"polluted":"yes"}}'],
    ['prototype key', '"prototype":{"polluted":"yes"}'],
    ['__proto__ as the name', '"name":{"__proto__":{"polluted":"yes"}}'],
  ].map(([label = '', extra = '']): HostileCase => ({
    label,
    request: post('contact', `${base},${extra}}`),
    expected: refused(422, 'invalid_fields'),
  }));
}

function envelopeCases(): HostileCase[] {
  const oversize = contactBody({ message: 'x'.repeat(BODY_LIMIT_BYTES) });
  const bomb = gzipSync(contactBody({ message: 'x'.repeat(BODY_LIMIT_BYTES * 32) }));
  const badUtf8 = Buffer.concat([
    Buffer.from('{"name":"Ann'),
    Buffer.from([0xc3, 0x28]),
    Buffer.from(contactBody().replace(/^\{"name":"Ann Lee/, ' Lee')),
  ]);
  const notJson = refused(415, 'not_json');
  return [
    ...formEnvelopeCases(),
    {
      label: `body over ${BODY_LIMIT_BYTES} bytes with Content-Length`,
      request: post('contact', oversize),
      expected: refused(413, 'too_large'),
    },
    {
      label: `body over ${BODY_LIMIT_BYTES} bytes, chunked`,
      request: { ...post('contact', oversize), isChunked: true },
      expected: refused(413, 'too_large'),
    },
    {
      label: `gzip body of ${bomb.length} bytes inflating past the limit`,
      request: post('contact', bomb, { 'content-encoding': 'gzip' }),
      expected: refused(415, 'compressed_body'),
    },
    {
      label: 'deflate Content-Encoding',
      request: contact({}, { 'content-encoding': 'deflate' }),
      expected: refused(415, 'compressed_body'),
    },
    {
      label: 'truncated JSON',
      request: post('contact', '{"name": "Ann",'),
      expected: refused(400, 'bad_json'),
    },
    {
      label: 'trailing comma',
      request: post('contact', `${contactBody().slice(0, -1)},}`),
      expected: refused(400, 'bad_json'),
    },
    {
      label: 'single-quoted JSON',
      request: post('contact', "{'name':'Ann'}"),
      expected: refused(400, 'bad_json'),
    },
    { label: 'empty body', request: post('contact', ''), expected: refused(400, 'bad_json') },
    {
      label: 'invalid UTF-8',
      request: post('contact', badUtf8),
      expected: refused(400, 'bad_json'),
    },
    {
      label: 'text/plain',
      request: contact({}, { 'content-type': 'text/plain' }),
      expected: notJson,
    },
    {
      label: 'multipart',
      request: post(
        'contact',
        '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn\r\n--x--\r\n',
        { 'content-type': 'multipart/form-data; boundary=x' },
      ),
      expected: notJson,
    },
    { label: 'no content type', request: contact({}, { 'content-type': null }), expected: notJson },
    {
      label: 'JSON in latin1',
      request: contact({}, { 'content-type': 'application/json; charset=latin1' }),
      expected: notJson,
    },
  ];
}

function accessCases(): HostileCase[] {
  const methodCases = (target: 'contact' | 'newsletter'): HostileCase[] =>
    ['GET', 'PUT', 'DELETE', 'PATCH'].map((method) => ({
      label: `${method} on the ${target} endpoint`,
      request: { target, method, headers: { origin: SITE_ORIGIN } },
      expected: { kind: 'rejected', status: 405, error: 'method_not_allowed', allow: 'POST' },
    }));
  const pageCases = ['POST', 'PUT', 'DELETE'].map((method): HostileCase => ({
    label: `${method} on the page`,
    request: { target: 'page', method, headers: JSON_HEADERS, body: contactBody() },
    expected: { kind: 'rejected', status: 405, allow: 'GET, HEAD' },
  }));
  const crossSite = refused(403, 'cross_site');
  return [
    ...methodCases('contact'),
    ...methodCases('newsletter'),
    ...pageCases,
    {
      label: 'cross-site Origin',
      request: contact({}, { origin: 'https://evil.example' }),
      expected: crossSite,
    },
    {
      label: 'Origin over plain http',
      request: contact({}, { origin: 'http://emberandink.example' }),
      expected: crossSite,
    },
    { label: "Origin 'null'", request: contact({}, { origin: 'null' }), expected: crossSite },
    {
      label: 'Sec-Fetch-Site: cross-site',
      request: contact({}, { 'sec-fetch-site': 'cross-site' }),
      expected: crossSite,
    },
  ];
}

function acceptedCases(): HostileCase[] {
  const script = 'Hi <script>alert(1)</script> <img src=x onerror=alert(2)>';
  const sql = "'); DROP TABLE enquiries;--";
  const rtl = 'مرحبا، نحتاج هوية جديدة. שלום, אנחנו צריכים מיתוג חדש.';
  return [
    {
      label: 'HTML and <script> in the message',
      request: contact({ message: script }),
      expected: acceptedEnquiry(
        { message: script },
        {
          html: {
            includes: ['&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;img src=x'],
            excludes: ['<script', '<img'],
          },
        },
      ),
    },
    {
      label: 'SQL-looking text in name and message',
      request: contact({ name: "Robert'); DROP TABLE enquiries;--", message: sql }),
      expected: acceptedEnquiry(
        { name: "Robert'); DROP TABLE enquiries;--", message: sql },
        { html: { includes: ['DROP TABLE enquiries;--'], excludes: [] } },
      ),
    },
    {
      label: 'emoji and CJK',
      request: contact({ name: '山田 太郎 🎨', message: '新しいブランドをお願いします 🙏👩‍💻' }),
      expected: acceptedEnquiry({
        name: '山田 太郎 🎨',
        message: '新しいブランドをお願いします 🙏👩‍💻',
      }),
    },
    {
      label: 'Arabic and Hebrew (right-to-left)',
      request: contact({ name: 'مريم الحسن', message: rtl }),
      expected: acceptedEnquiry({ name: 'مريم الحسن', message: rtl }),
    },
    {
      label: 'zero-width characters inside the text',
      request: contact({ name: 'Ann\u200BLee', message: 'Hello\u200C\u200Dworld\u2060!' }),
      expected: acceptedEnquiry({ name: 'Ann\u200BLee', message: 'Hello\u200C\u200Dworld\u2060!' }),
    },
    {
      label: 'decomposed accents are stored NFC-normalised',
      request: contact({
        name: '  Zoe\u0308 Ng  ',
        message: 'Cafe\u0301 branding, s\u030Cpecial.',
      }),
      expected: acceptedEnquiry({
        name: 'Zo\u00EB Ng',
        message: 'Caf\u00E9 branding, \u0161pecial.',
      }),
    },
    {
      label: 'longest allowed name, email and message',
      request: contact({ name: 'n'.repeat(100), email: LONG_EMAIL_254, message: 'm'.repeat(5000) }),
      expected: acceptedEnquiry({
        name: 'n'.repeat(100),
        email: LONG_EMAIL_254,
        message: 'm'.repeat(5000),
      }),
    },
    {
      label: 'honeypot filled',
      request: contact({ website: 'https://spam.example' }),
      expected: acceptedEnquiry({}, { isSpam: true }),
    },
  ];
}

function newsletterCases(): HostileCase[] {
  return [
    { label: 'newsletter: email missing', request: newsletter({}), expected: invalid('email') },
    {
      label: 'newsletter: email empty',
      request: newsletter({ email: '' }),
      expected: invalid('email'),
    },
    {
      label: 'newsletter: email whitespace only',
      request: newsletter({ email: '   ' }),
      expected: invalid('email'),
    },
    {
      label: 'newsletter: not an address',
      request: newsletter({ email: 'not-an-email' }),
      expected: invalid('email'),
    },
    {
      label: 'newsletter: two addresses',
      request: newsletter({ email: 'a@x.com, b@y.com' }),
      expected: invalid('email'),
    },
    {
      label: 'newsletter: display name',
      request: newsletter({ email: 'A <a@x.com>' }),
      expected: invalid('email'),
    },
    {
      label: 'newsletter: CRLF injection',
      request: newsletter({ email: 'a@x.com\r\nBcc: victim@example.com' }),
      expected: invalid('email'),
    },
    {
      label: 'newsletter: NUL byte',
      request: newsletter({ email: 'a\u0000@x.com' }),
      expected: invalid('email'),
    },
    {
      label: 'newsletter: email of 255 characters',
      request: newsletter({ email: `a${LONG_EMAIL_254}` }),
      expected: invalid('email'),
    },
    {
      label: 'newsletter: email is a number',
      request: newsletter({ email: 42 }),
      expected: invalid('email'),
    },
    {
      label: 'newsletter: email is an array',
      request: newsletter({ email: ['a@x.com'] }),
      expected: invalid('email'),
    },
    {
      label: 'newsletter: email is null',
      request: newsletter({ email: null }),
      expected: invalid('email'),
    },
    {
      label: 'newsletter: email is an object',
      request: newsletter({ email: { address: 'a@x.com' } }),
      expected: invalid('email'),
    },
    {
      label: 'newsletter: whole body is an array',
      request: newsletter('["a@x.com"]'),
      expected: refused(422, 'invalid_fields'),
    },
    {
      label: 'newsletter: __proto__ key',
      request: newsletter('{"email":"a@x.com","__proto__":{"polluted":"yes"}}'),
      expected: refused(422, 'invalid_fields'),
    },
    {
      label: 'newsletter: malformed JSON',
      request: newsletter('{"email":'),
      expected: refused(400, 'bad_json'),
    },
    {
      label: 'newsletter: body over the limit',
      request: newsletter({ email: 'a@x.com', pad: 'x'.repeat(BODY_LIMIT_BYTES) }),
      expected: refused(413, 'too_large'),
    },
    {
      label: 'newsletter: plain form post, invalid address',
      request: form('newsletter', 'email=a%40x'),
      // The box shows one line: the address's own error.
      expected: { kind: 'rejected', status: 422, field: 'email' },
    },
    {
      label: 'newsletter: cross-site Origin',
      request: newsletter({ email: 'a@x.com' }, { origin: 'https://evil.example' }),
      expected: refused(403, 'cross_site'),
    },
    {
      label: 'newsletter: padded address is trimmed and stored',
      request: { ...newsletter({ email: '  Subscriber.One@Example.com  ' }), isSolved: true },
      expected: { kind: 'accepted', status: 200, stored: { email: 'Subscriber.One@Example.com' } },
    },
    {
      label: 'newsletter: plain form post, solved',
      request: { ...form('newsletter', 'email=Subscriber.Two%40Example.com'), isSolved: true },
      expected: { kind: 'accepted', status: 303, stored: { email: 'Subscriber.Two@Example.com' } },
    },
  ];
}

/** Every case the hostile-input suite sends, in the order it sends them. */
export const HOSTILE_CASES: readonly HostileCase[] = [
  ...fieldCases(),
  ...wholeBodyCases(),
  ...valueCases(),
  ...prototypeCases(),
  ...envelopeCases(),
  ...accessCases(),
  ...acceptedCases(),
  ...newsletterCases(),
];

/** A request to `/api/studio<path>`; `isSignedIn` sends the suite's session cookie with it. */
export type StudioHostileCase = {
  label: string;
  method: string;
  path: string;
  isSignedIn: boolean;
  headers?: Record<string, string>;
  body?: string | Buffer;
  expected: { status: number; error?: string };
};

const STUDIO_BODY_ROUTES: { path: string; isSignedIn: boolean }[] = [
  { path: '/session', isSignedIn: false },
  { path: '/welcome', isSignedIn: false },
  { path: '/passkeys/authentication', isSignedIn: false },
  { path: '/passkeys/registration', isSignedIn: true },
  { path: '/session/reauthentication', isSignedIn: true },
];

function studioEnvelopeCases(): StudioHostileCase[] {
  return STUDIO_BODY_ROUTES.flatMap(({ path, isSignedIn }): StudioHostileCase[] => {
    const base = { method: 'POST', path, isSignedIn };
    return [
      {
        ...base,
        label: `${path}: malformed JSON`,
        body: '{"email":',
        expected: { status: 400, error: 'invalid_json' },
      },
      {
        ...base,
        label: `${path}: empty body`,
        body: '',
        expected: { status: 400, error: 'invalid_json' },
      },
      {
        ...base,
        label: `${path}: body over the limit`,
        body: JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT_BYTES) }),
        expected: { status: 413, error: 'too_large' },
      },
      {
        ...base,
        label: `${path}: text/plain`,
        headers: { 'content-type': 'text/plain' },
        body: '{}',
        expected: { status: 415, error: 'unsupported_media_type' },
      },
      {
        ...base,
        label: `${path}: gzip-encoded`,
        headers: { 'content-encoding': 'gzip' },
        body: gzipSync('{}'),
        expected: { status: 415, error: 'unsupported_media_type' },
      },
      ...['[]', 'null', '42', '"text"', 'true', `${'['.repeat(10_000)}${']'.repeat(10_000)}`].map(
        (body): StudioHostileCase => ({
          ...base,
          label: `${path}: whole body is ${body.slice(0, 12)}`,
          body,
          expected: { status: 400, error: 'invalid_request' },
        }),
      ),
    ];
  });
}

function studioFieldCases(): StudioHostileCase[] {
  const signIn = (body: unknown, status = 400, error = 'invalid_request'): StudioHostileCase => ({
    label: `/session: ${JSON.stringify(body).slice(0, 60)}`,
    method: 'POST',
    path: '/session',
    isSignedIn: false,
    body: JSON.stringify(body),
    expected: { status, error },
  });
  const welcome = (body: unknown, status = 400, error = 'invalid_request'): StudioHostileCase => ({
    label: `/welcome: ${JSON.stringify(body).slice(0, 60)}`,
    method: 'POST',
    path: '/welcome',
    isSignedIn: false,
    body: JSON.stringify(body),
    expected: { status, error },
  });
  const passkey = (path: string, response: unknown, isSignedIn: boolean): StudioHostileCase => ({
    label: `${path}: response ${JSON.stringify(response).slice(0, 50)}`,
    method: 'POST',
    path,
    isSignedIn,
    body: JSON.stringify({ response }),
    expected: { status: 400, error: 'invalid_request' },
  });
  const garbledAssertion = {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' },
  };
  const garbledAttestation = {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
  };
  return [
    ...WRONG_TYPES.map(([, value]) => signIn({ email: value, password: 'a password here' })),
    ...WRONG_TYPES.map(([, value]) => signIn({ email: 'a@x.com', password: value })),
    signIn({ password: 'a password here' }),
    signIn({ email: `${'a'.repeat(400)}@x.com`, password: 'a password here' }),
    signIn({ email: 'a@x.com', password: 'p'.repeat(2000) }),
    signIn({ email: 'not an address', password: 'a password here' }, 401, 'invalid_credentials'),
    signIn({ email: "' or 1=1 --", password: "' or 1=1 --" }, 401, 'invalid_credentials'),
    {
      label: '/session: __proto__ key',
      method: 'POST',
      path: '/session',
      isSignedIn: false,
      body: '{"email":"a@x.com","password":"a password here","__proto__":{"polluted":"yes"}}',
      expected: { status: 401, error: 'invalid_credentials' },
    },
    ...WRONG_TYPES.map(([, value]) => welcome({ token: value, password: 'a password here' })),
    welcome({ token: 'A'.repeat(43), password: 42 }),
    welcome({ token: 'A'.repeat(300), password: 'a password here' }),
    welcome({ token: '%00', password: 'a password here' }, 400, 'invalid_token'),
    ...WRONG_TYPES.map(([, value]) => passkey('/passkeys/authentication', value, false)),
    ...WRONG_TYPES.map(([, value]) => passkey('/passkeys/registration', value, true)),
    passkey('/passkeys/authentication', { ...garbledAssertion, type: 'password' }, false),
    passkey('/passkeys/authentication', { ...garbledAssertion, id: 'not base64url!' }, false),
    {
      label: '/passkeys/authentication: an assertion from no known passkey',
      method: 'POST',
      path: '/passkeys/authentication',
      isSignedIn: false,
      body: JSON.stringify({ response: garbledAssertion }),
      expected: { status: 401, error: 'invalid_credentials' },
    },
    {
      label: '/passkeys/registration: an attestation that does not parse',
      method: 'POST',
      path: '/passkeys/registration',
      isSignedIn: true,
      body: JSON.stringify({ response: garbledAttestation }),
      expected: { status: 400, error: 'invalid_passkey' },
    },
    {
      label: '/passkeys/registration: name of 101 characters',
      method: 'POST',
      path: '/passkeys/registration',
      isSignedIn: true,
      body: JSON.stringify({ response: garbledAttestation, name: 'n'.repeat(101) }),
      expected: { status: 400, error: 'invalid_request' },
    },
  ];
}

function studioIdCases(): StudioHostileCase[] {
  const ids = [
    'not-a-uuid',
    '00000000-0000-0000-0000-00000000000g',
    "1' or '1'='1",
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
    'x'.repeat(5000),
    '0000000000000000000000000000000000000000',
  ];
  return ['/sessions', '/passkeys'].flatMap((collection) => [
    ...ids.map((id): StudioHostileCase => ({
      label: `DELETE ${collection}/${id.slice(0, 40)}`,
      method: 'DELETE',
      path: `${collection}/${id}`,
      isSignedIn: true,
      expected: { status: 400, error: 'invalid_request' },
    })),
    {
      label: `DELETE ${collection}/<unknown uuid>`,
      method: 'DELETE',
      path: `${collection}/7d444840-9dc0-11d1-b245-5ffdce74fad2`,
      isSignedIn: true,
      expected: { status: 404, error: 'not_found' },
    },
  ]);
}

/** Hostile requests to the studio API: each must get the stated 4xx, never a 5xx. */
export const STUDIO_HOSTILE_CASES: readonly StudioHostileCase[] = [
  ...studioEnvelopeCases(),
  ...studioFieldCases(),
  ...studioIdCases(),
];

/** One request to a studio inbox route (path relative to /api/studio/), signed in. */
export type InboxHostileCase = {
  label: string;
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE';
  /** `{id}` stands for a stored enquiry's id. */
  path: string;
  body?: string;
  contentType?: string;
  status: number;
  error?: string;
};

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function cursorOf(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function listCases(): InboxHostileCase[] {
  const refusedList = (label: string, query: string): InboxHostileCase => ({
    label: `inbox list: ${label}`,
    method: 'GET',
    path: `leads?${query}`,
    status: 400,
    error: 'invalid_request',
  });
  const q = (value: string) => `q=${encodeURIComponent(value)}`;
  return [
    refusedList('unknown status', 'status=deleted'),
    refusedList('status in capitals', 'status=NEW'),
    refusedList('SQL as the status', `status=${encodeURIComponent("spam' or '1'='1")}`),
    refusedList('two statuses', 'status=new&status=read'),
    refusedList('unknown service', 'service=Cooking'),
    refusedList('service in lower case', `service=${encodeURIComponent('brand strategy')}`),
    refusedList('q of 201 characters', q('q'.repeat(201))),
    refusedList('unknown parameter', 'sort=name'),
    refusedList('cursor that is not base64url', 'cursor=%2B%2F%3D%3D'),
    refusedList('cursor of garbage', 'cursor=bm90LWpzb24'),
    refusedList('cursor of an object', `cursor=${cursorOf({ at: '2026-01-01' })}`),
    refusedList(
      'cursor of three values',
      `cursor=${cursorOf(['2026-01-01T00:00:00.000Z', UNKNOWN_ID, 1])}`,
    ),
    refusedList(
      'cursor with an invalid date',
      `cursor=${cursorOf(['2026-02-30T00:00:00.000Z', UNKNOWN_ID])}`,
    ),
    refusedList(
      'cursor with SQL for an id',
      `cursor=${cursorOf(['2026-01-01T00:00:00.000Z', "x' or 1=1 --"])}`,
    ),
    refusedList('cursor of 10,000 characters', `cursor=${'A'.repeat(10_000)}`),
    ...['0', '101', '-1', '1.5', 'ten', '1e2', '0x10', '25 '].map((limit) =>
      refusedList(`limit ${JSON.stringify(limit)}`, `limit=${encodeURIComponent(limit)}`),
    ),
    {
      label: 'inbox list: q of 200 characters of search syntax is only words',
      method: 'GET',
      path: `leads?${q('"*^:()&|!\\\''.repeat(20).slice(0, 200))}`,
      status: 200,
    },
    {
      label: 'inbox list: q with a NUL byte',
      method: 'GET',
      path: `leads?${q('ann\u0000lee')}`,
      status: 200,
    },
  ];
}

function enquiryCases(): InboxHostileCase[] {
  const refusedId = (label: string, id: string): InboxHostileCase[] => [
    {
      label: `enquiry: ${label}`,
      method: 'GET',
      path: `leads/${id}`,
      status: 400,
      error: 'invalid_request',
    },
    {
      label: `status change: ${label}`,
      method: 'PATCH',
      path: `leads/${id}`,
      body: '{"status":"read"}',
      status: 400,
      error: 'invalid_request',
    },
    {
      label: `resend: ${label}`,
      method: 'POST',
      path: `leads/${id}/resend`,
      status: 400,
      error: 'invalid_request',
    },
  ];
  const patch = (label: string, body: string, status = 400, error = 'invalid_request') => ({
    label: `status change: ${label}`,
    method: 'PATCH' as const,
    path: 'leads/{id}',
    body,
    status,
    error,
  });
  return [
    ...refusedId('id that is not a UUID', 'not-a-uuid'),
    ...refusedId('id in capitals', UNKNOWN_ID.toUpperCase().replace('0000-4', 'ABCD-4')),
    ...refusedId('SQL as the id', encodeURIComponent("' or '1'='1")),
    ...refusedId('NUL byte in the id', '%00'),
    {
      label: 'enquiry: unknown id',
      method: 'GET',
      path: `leads/${UNKNOWN_ID}`,
      status: 404,
      error: 'not_found',
    },
    {
      label: 'resend: unknown id',
      method: 'POST',
      path: `leads/${UNKNOWN_ID}/resend`,
      status: 404,
      error: 'not_found',
    },
    patch('unknown status', '{"status":"deleted"}'),
    patch('status missing', '{}'),
    patch('status is a number', '{"status":1}'),
    patch('status is null', '{"status":null}'),
    patch('extra key', '{"status":"read","delivery":"sent"}'),
    patch('__proto__ key', '{"status":"read","__proto__":{"polluted":"yes"}}'),
    patch('body is an array', '["read"]'),
    patch('malformed JSON', '{"status":', 400, 'invalid_json'),
    patch(
      'body over the limit',
      JSON.stringify({ status: 'x'.repeat(BODY_LIMIT_BYTES) }),
      413,
      'too_large',
    ),
    {
      ...patch('text/plain body', '{"status":"read"}', 415, 'unsupported_media_type'),
      contentType: 'text/plain',
    },
  ];
}

function exportCases(): InboxHostileCase[] {
  const refused = (label: string, path: string): InboxHostileCase => ({
    label,
    method: 'GET',
    path,
    status: 400,
    error: 'invalid_request',
  });
  return [
    refused('export: no format', 'export'),
    refused('export: format xml', 'export?format=xml'),
    refused('export: format in capitals', 'export?format=CSV'),
    refused('export: unknown status', 'export?format=csv&status=deleted'),
    refused('export: unknown service', 'export?format=csv&service=Cooking'),
    refused('export: q of 201 characters', `export?format=json&q=${'q'.repeat(201)}`),
    refused('export: a cursor', 'export?format=csv&cursor=abc'),
    refused('subscribers: unknown parameter', 'subscribers?format=csv'),
    refused('subscriber export: format pdf', 'subscribers/export?format=pdf'),
    refused('subscriber export: no format', 'subscribers/export'),
    {
      label: 'subscriber removal: id that is not a UUID',
      method: 'DELETE',
      path: 'subscribers/everyone',
      status: 400,
      error: 'invalid_request',
    },
    {
      label: 'subscriber removal: unknown id',
      method: 'DELETE',
      path: `subscribers/${UNKNOWN_ID}`,
      status: 404,
      error: 'not_found',
    },
  ];
}

/** Every hostile request the studio inbox's routes must answer with a clear 4xx (or a harmless 200). */
export const STUDIO_INBOX_HOSTILE_CASES: readonly InboxHostileCase[] = [
  ...listCases(),
  ...enquiryCases(),
  ...exportCases(),
];
