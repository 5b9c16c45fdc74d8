import { Hono } from 'hono';
import { buildAudienceReport } from '../audience/build-report';
import { reportToCsv } from '../audience/report-csv';
import { readReportRange } from '../audience/report-range';
import type { HeaderRecord } from '../security-headers';
import type { AudienceRepository } from '../store/audience/audience-repository';
import type { SiteContentRepository } from '../store/site/site-content-repository';
import type { PublishedLetters } from '../store/letters/published-letters';
import { attachment } from './inbox/attachment';
import type { StudioEnv } from './studio-env';
import type { StudioResponder } from './studio-responses';

/** Every publish kept in the history is a mark the chart may show. */
const PUBLISHES_READ = 100;

/**
 * GET /audience?from=&to= (the Audience page's numbers) and /audience/export (the same as CSV).
 * Mounted behind the studio's session guard.
 */
export function createAudienceRoutes(deps: {
  audience: AudienceRepository;
  site: Pick<SiteContentRepository, 'listSiteRevisions'>;
  letters: Pick<PublishedLetters, 'listSentLetters'>;
  respond: StudioResponder;
  securityHeaders: HeaderRecord;
}): Hono<StudioEnv> {
  const router = new Hono<StudioEnv>();
  const report = (from: string, to: string) =>
    buildAudienceReport(
      {
        audience: deps.audience,
        listPublishes: () => deps.site.listSiteRevisions(PUBLISHES_READ),
        letters: deps.letters,
      },
      from,
      to,
    );

  router.get('/audience', async (c) => {
    const range = readReportRange(c.req.query('from'), c.req.query('to'));
    if (range === null) return deps.respond.error(400, 'invalid_request');
    return deps.respond.json(200, await report(range.from, range.to));
  });

  router.get('/audience/export', async (c) => {
    const range = readReportRange(c.req.query('from'), c.req.query('to'));
    if (range === null) return deps.respond.error(400, 'invalid_request');
    return attachment(
      reportToCsv(await report(range.from, range.to)),
      {
        contentType: 'text/csv; charset=utf-8',
        fileName: `audience-${range.from}-to-${range.to}.csv`,
      },
      deps.securityHeaders,
    );
  });
  return router;
}
