import type { HeaderRecord } from '../security-headers';

/** One encoding of one file, with every response header computed at load time. */
export type Variant = {
  /** A copy in its own ArrayBuffer, the type Response accepts. */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  headers: HeaderRecord;
  notModifiedHeaders: HeaderRecord;
  /** `headers` as the flat `[name, value, …]` list `ServerResponse.writeHead` takes as it is. */
  headerList: string[];
  /** `notModifiedHeaders` as a flat `[name, value, …]` list. */
  notModifiedHeaderList: string[];
};

export type StaticFile = {
  status: 200 | 404;
  /** An HTML document (the landing page, the 404 page), as opposed to an asset it loads. */
  isPage: boolean;
  identity: Variant;
  br: Variant | null;
  gzip: Variant | null;
};

/** The built client, held in memory so a request costs a map lookup and a socket write. */
export type Site = {
  /**
   * Never changed in place: a publish replaces the whole map in one assignment (live-site.ts),
   * so a request that looked it up once answers from one version of the site. Read it at
   * request time; a copy kept from start-up would serve the old page forever.
   */
  files: ReadonlyMap<string, StaticFile>;
  notFound: StaticFile;
  /** Shared with the API so every response carries the same policy. */
  securityHeaders: HeaderRecord;
  /**
   * The same, with a policy that allows only the landing template's inline code: `/` and the
   * 404 page, whose first response must fit TCP's first window (decision 0086).
   */
  landingSecurityHeaders: HeaderRecord;
  /** Prerendered pages the app answers itself, by name, e.g. `newsletter/confirm`. */
  pages: ReadonlyMap<string, string>;
  /** The newsletter box's wording at build time, kept with each sign-up as proof. */
  newsletterWording: string | null;
};
