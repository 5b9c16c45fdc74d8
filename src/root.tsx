import { App } from './app';
import { ErrorBoundary } from './pages/error-boundary';
import { NotFound } from './pages/not-found';

/** The whole route table: `/` is the landing page, every other path is not found. */
export function Root({ path }: { path: string }) {
  return <ErrorBoundary>{path === '/' ? <App /> : <NotFound path={path} />}</ErrorBoundary>;
}
