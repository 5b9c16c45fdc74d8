import type { ApiResponse } from '../../common/api';

function isApiResponse(value: unknown): value is ApiResponse {
  return typeof value === 'object' && value !== null && 'success' in value;
}

/**
 * POSTs JSON and returns the API's answer. A body that is not our JSON (a proxy's error page)
 * becomes `{ success: false }` without a message; a network failure throws `offlineMessage`.
 */
export async function postJson(
  url: string,
  body: unknown,
  options: { headers?: Record<string, string>; offlineMessage: string },
): Promise<ApiResponse | { success: false; error?: undefined }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...options.headers },
      body: JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof TypeError) throw new Error(options.offlineMessage, { cause: error });
    throw error;
  }
  const data: unknown = await response.json().catch(() => null);
  if (!isApiResponse(data)) return { success: false };
  if (data.success && !response.ok) return { success: false };
  return data;
}
