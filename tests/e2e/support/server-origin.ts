/** A fixed port, so the origin (and the server's SITE_URL and Origin check) is known up front. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
