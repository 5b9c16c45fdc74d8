import { Agent, request } from 'node:http';

export type Reply = { status: number; headers: Record<string, string | string[] | undefined> };

type SendOptions = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
};

export type HttpClient = {
  send(options: SendOptions): Promise<Reply & { body: Buffer }>;
  /** Closes every keep-alive connection the client holds. */
  close(): void;
};

const TIMEOUT_MS = 15_000;

/** Keep-alive requests over a few connections, as a handful of browsers would make them. */
export function createHttpClient(origin: string, maxSockets: number): HttpClient {
  const agent = new Agent({ keepAlive: true, maxSockets });
  return {
    send(options) {
      return sendOnce(agent, origin, options).catch((error: unknown) => {
        // The server may close an idle keep-alive connection just as a request goes out on it;
        // browsers send such a request again on a fresh connection, and so does this client.
        if (error instanceof ReusedSocketError) return sendOnce(agent, origin, options);
        throw error;
      });
    },
    close: () => agent.destroy(),
  };
}

class ReusedSocketError extends Error {}

function sendOnce(
  agent: Agent,
  origin: string,
  { method, path, headers = {}, body }: SendOptions,
): Promise<Reply & { body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${origin}${path}`,
      {
        agent,
        method,
        headers:
          body === undefined
            ? headers
            : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${path} timed out`)));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const isStale = outgoing.reusedSocket && error.code === 'ECONNRESET';
      reject(isStale ? new ReusedSocketError(error.message) : error);
    });
    outgoing.end(body);
  });
}
