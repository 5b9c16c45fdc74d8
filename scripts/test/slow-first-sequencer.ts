import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take half a minute or more by design (two minutes of real traffic, real database
 * faults, whole mailboxes read), longest first, as a run of them measured. Started before the rest, so that none
 * of them is left running alone at the end while the other workers have nothing to do. A
 * fresh clone has no record of past durations to sort by; where Vitest has one, it orders the
 * rest as usual.
 */
const LONG_BY_DESIGN = [
  'tests/server/soak.test.ts',
  'tests/server/studio-inbox.test.ts',
  'tests/server/mailbox-robustness.test.ts',
  'server/store/bookings/booking-repository.test.ts',
  'tests/server/crash-safety.test.ts',
  'tests/server/reply-identity.test.ts',
  'tests/server/mailbox-watch.test.ts',
  'server/store/leads/lead-repository.test.ts',
  'tests/server/cli-enquiries.test.ts',
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rankOf = (file: TestSpecification) =>
      LONG_BY_DESIGN.findIndex((path) => file.moduleId.endsWith(path));
    const long = sorted.filter((file) => rankOf(file) >= 0);
    long.sort((a, b) => rankOf(a) - rankOf(b));
    return [...long, ...sorted.filter((file) => rankOf(file) < 0)];
  }
}
