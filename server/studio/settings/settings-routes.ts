import type { Hono } from 'hono';
import { readJsonBody } from '../../routes/read-request-body';
import type { SettingsRepository } from '../../store/settings/settings-repository';
import { ENVELOPE_ERRORS } from '../read-studio-body';
import { requireStaff, type StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';
import { readSettingsRequest } from './settings-request';

/**
 * GET settings · PUT settings: the acknowledgement, the locale and the currency, one form for
 * the whole studio. Everyone reads them; only owners change them (403 `forbidden` for
 * members). A refused PUT changes nothing and says what is wrong with each field.
 */
export function registerSettings(
  app: Hono<StudioEnv>,
  kit: StudioKit,
  settings: SettingsRepository,
): void {
  app.get('/settings', async () => kit.respond.json(200, await settings.readSettings()));

  app.put('/settings', async (c) => {
    const staff = await kit.auth.findStaffByEmail(requireStaff(c).email);
    if (staff?.role !== 'owner') return kit.respond.error(403, 'forbidden');
    const body = await readJsonBody(c.req.raw, kit.config.bodyLimitBytes);
    if (!body.ok) return kit.respond.error(body.status, ENVELOPE_ERRORS[body.status]);
    const request = readSettingsRequest(body.value);
    if (request === null) return kit.respond.error(400, 'invalid_request');
    if (!request.ok) {
      return kit.respond.json(422, {
        success: false,
        error: 'invalid_settings',
        fieldErrors: request.fieldErrors,
      });
    }
    const { acknowledgement, locale, currency } = request.value;
    await settings.saveSettings(request.value);
    await kit.audit(
      c,
      'studio.settings',
      requireStaff(c).email,
      `acknowledgement ${acknowledgement.enabled ? 'on' : 'off'}, ${locale}, ${currency}`,
    );
    return kit.respond.json(200, request.value);
  });
}
