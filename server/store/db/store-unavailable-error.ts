export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}
