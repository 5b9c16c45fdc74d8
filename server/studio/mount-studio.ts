import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv } from '../http/app-env';
import { answerFor } from '../static/serve-static';
import type { Site } from '../static/site';
import type { RenderSite } from '../site/render-site';
import { readSessionToken } from './session-cookie';
import { createPreviewHandler, PREVIEW_BANNER_PATHS, PREVIEW_PATH } from './site/preview-route';
import { createStudioApp, STUDIO_API_BASE, type StudioDeps } from './studio-app';
import { createStudioKit } from './studio-kit';
import { createFirstScreenDrawer, type LoadStudioRender } from './studio-first-screen';
import { createStudioPageHandler, STUDIO_HTML_PATH, STUDIO_PAGE_PATHS } from './studio-pages';

/** What the rest of the site may ask the studio. */
export type MountedStudio = {
  /** True when the request's cookie belongs to a signed-in staff member. */
  isStaff(headers: Headers): Promise<boolean>;
};

/** Mounts the studio's API and pages on the site's app. */
export function mountStudio(
  app: Hono<AppEnv>,
  deps: Omit<StudioDeps, 'securityHeaders'> & {
    site: Site;
    renderSite: RenderSite;
    loadStudioRender: LoadStudioRender;
  },
): MountedStudio {
  const studioDeps = { ...deps, securityHeaders: deps.site.securityHeaders };
  const kit = createStudioKit(studioDeps);
  const api = createStudioApp(studioDeps, kit);
  app.route(STUDIO_API_BASE, api);
  const answerPreview = createPreviewHandler({
    kit,
    draft: deps.siteContent,
    renderSite: deps.renderSite,
    // The page as `/` would be, under `/`'s policy: a preview that needs more would not publish.
    securityHeaders: deps.site.landingSecurityHeaders,
  });
  for (const path of [PREVIEW_PATH, ...PREVIEW_BANNER_PATHS]) {
    app.get(path, (c) => answerPreview(path, c.req.raw.headers, c.req.query('revision') ?? null));
  }
  const answerPage = createStudioPageHandler(
    deps.site,
    createFirstScreenDrawer(deps.loadStudioRender, deps.now),
  );
  for (const path of STUDIO_PAGE_PATHS) {
    // A drawn first screen is rendered per request (the built page is precompressed).
    app.use(path, compress({ encoding: 'gzip' }));
    app.get(path, (c) => {
      const cookie = c.req.header('cookie') ?? '';
      // The first screen's answers are the API's own, asked as the person asking for the page.
      const askApi = (apiPath: string) =>
        api.fetch(
          new Request(new URL(apiPath.slice(STUDIO_API_BASE.length), c.req.url), {
            headers: { cookie, accept: 'application/json' },
          }),
          c.env,
        );
      return answerPage(c.req.raw, askApi);
    });
  }
  // The app's HTML has one address per page; its file name is not one of them.
  app.get(STUDIO_HTML_PATH, (c) => {
    const { variant } = answerFor(
      deps.site.notFound,
      c.req.header('accept-encoding') ?? null,
      null,
    );
    return new Response(variant.body, { status: 404, headers: variant.headers });
  });
  return {
    isStaff: async (headers) =>
      (await kit.sessions.authenticate(
        readSessionToken(headers.get('cookie'), deps.config.isHttps),
      )) !== null,
  };
}
