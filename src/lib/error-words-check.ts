import { isText, objectOf, recordOf, type Checked } from '../islands/check-props';

/**
 * The words a form shows for a refusal, by the API's error code and, for a refused field, by
 * its code and the field. They reach the browser in the form island's props, not in its code.
 */
export const isErrorWords = objectOf({
  api: recordOf(isText),
  fields: recordOf(recordOf(isText)),
});
export type ErrorWords = Checked<typeof isErrorWords>;
