import { expect, it } from 'vitest';
import { describeEachStore } from '../../../tests/server/helpers/store-fixtures';
import type { Store } from '../store';

const ANA = 'ana.lopez@emberandink.example';
const BO = 'bo@emberandink.example';
const CY = 'cy@emberandink.example';
const NOW = new Date('2026-11-26T10:00:00.000Z');

const roles = async (store: Store) =>
  (await store.auth.listStaff()).map(({ email, name, role }) => ({ email, name, role }));

describeEachStore('the team', (subject) => {
  it('names a person after their address and makes them an owner unless told otherwise', async () => {
    await subject.store.auth.createStaff(ANA, NOW);
    await subject.store.auth.createStaff(BO, NOW, { name: 'Bo Chen', role: 'member' });
    expect(await roles(subject.store)).toEqual([
      { email: ANA, name: 'Ana Lopez', role: 'owner' },
      { email: BO, name: 'Bo Chen', role: 'member' },
    ]);
    expect(await subject.store.auth.findStaffByEmail(BO)).toMatchObject({
      email: BO,
      name: 'Bo Chen',
      role: 'member',
      signature: '',
    });
  });

  it('never demotes or removes the last owner, and says so', async () => {
    await subject.store.auth.createStaff(ANA, NOW);
    await subject.store.auth.createStaff(BO, NOW, { name: 'Bo', role: 'member' });
    expect(await subject.store.auth.changeStaff(ANA, { role: 'member' })).toEqual({
      kind: 'last-owner',
    });
    expect(await subject.store.auth.removeStaff(ANA)).toEqual({ kind: 'last-owner' });
    expect(await subject.store.auth.removeStaff('nobody@example.com')).toEqual({
      kind: 'not-found',
    });
    expect((await roles(subject.store)).map(({ role }) => role)).toEqual(['owner', 'member']);

    const promoted = await subject.store.auth.changeStaff(BO.toUpperCase(), { role: 'owner' });
    expect(promoted).toMatchObject({ kind: 'done', staff: { email: BO, role: 'owner' } });
    expect(await subject.store.auth.removeStaff(ANA)).toMatchObject({ kind: 'done' });
    expect(await roles(subject.store)).toEqual([{ email: BO, name: 'Bo', role: 'owner' }]);
  });

  it('keeps an owner when two owners demote each other at the same moment', async () => {
    await subject.store.auth.createStaff(ANA, NOW);
    await subject.store.auth.createStaff(BO, NOW);
    await subject.store.auth.createStaff(CY, NOW, { name: 'Cy', role: 'member' });
    const outcomes = await Promise.all([
      subject.store.auth.changeStaff(ANA, { role: 'member' }),
      subject.store.auth.changeStaff(BO, { role: 'member' }),
      subject.store.auth.removeStaff(ANA),
      subject.store.auth.removeStaff(BO),
    ]);
    expect(outcomes.map(({ kind }) => kind)).toContain('last-owner');
    const owners = (await roles(subject.store)).filter(({ role }) => role === 'owner');
    expect(owners).toHaveLength(1);
  });

  it('renames without touching the role, and keeps a person’s own name and signature', async () => {
    const ana = await subject.store.auth.createStaff(ANA, NOW);
    if (ana === null) throw new Error('expected a new staff member');
    expect(await subject.store.auth.changeStaff(ANA, { name: 'Ana L.' })).toMatchObject({
      kind: 'done',
      staff: { name: 'Ana L.', role: 'owner' },
    });
    const signature = 'Ana Lopez\nEmber & Ink — brand and web';
    const changed = await subject.store.auth.changeOwnProfile(ana.id, { signature });
    expect(changed).toMatchObject({ name: 'Ana L.', signature });
    expect(await subject.store.auth.findStaffById(ana.id)).toMatchObject({
      name: 'Ana L.',
      signature,
    });
  });

  it('changes a password only from the one checked, ending every other session', async () => {
    const { auth } = subject.store;
    const ana = await auth.createStaff(ANA, NOW);
    if (ana === null) throw new Error('expected a new staff member');
    const later = new Date(NOW.getTime() + 60_000);
    await auth.createWelcomeToken({
      tokenHash: 'link',
      staffId: ana.id,
      now: NOW,
      expiresAt: later,
    });
    await auth.redeemWelcomeToken('link', 'old-hash', NOW);
    const session = (id: string) => ({
      id,
      tokenHash: `hash-${id}`,
      staffId: ana.id,
      userAgent: null,
      now: NOW,
    });
    const here = '00000000-0000-4000-8000-000000000001';
    const phone = '00000000-0000-4000-8000-000000000002';
    await auth.createSession(session(here));
    await auth.createSession(session(phone));
    const change = (currentHash: string) =>
      auth.changePassword({
        staffId: ana.id,
        currentHash,
        newHash: 'new-hash',
        keepSessionId: here,
      });

    expect(await change('stale-hash')).toBe(false);
    expect(await auth.listSessions(ana.id)).toHaveLength(2);
    expect((await auth.findStaffById(ana.id))?.passwordHash).toBe('old-hash');

    expect(await change('old-hash')).toBe(true);
    expect((await auth.listSessions(ana.id)).map(({ id }) => id)).toEqual([here]);
    expect((await auth.findStaffById(ana.id))?.passwordHash).toBe('new-hash');
  });
});
