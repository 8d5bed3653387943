import { checkReserveSettings, ReserveMessages, type ReservePlatform, type ReserveSettings } from '../../../contract/reservations';

/** The form's values: a tier's count is null while its box is empty. */
export interface ReserveFormValues {
  enabled: boolean;
  platforms: ReservePlatform[];
  tiers: { count: number | null; reward: string }[];
  privacyNotice: string;
  zipForm: boolean;
}

export type ReserveFormField = 'platforms' | 'tiers' | 'privacyNotice';

/** The settings the form's values stand for (an empty count is not a count). */
export function settingsOf(values: Partial<ReserveFormValues>): ReserveSettings {
  return {
    enabled: !!values.enabled,
    platforms: values.platforms ?? [],
    tiers: (values.tiers ?? []).map((tier) => ({ count: tier?.count ?? Number.NaN, reward: tier?.reward ?? '' })),
    privacyNotice: values.privacyNotice ?? '',
    zipForm: !!values.zipForm,
  };
}

const PLATFORM_MESSAGES: string[] = [ReserveMessages.platformsRequired, ReserveMessages.platformUnknown, ReserveMessages.platformsRepeated];
const NOTICE_MESSAGES: string[] = [ReserveMessages.privacyNoticeRequired, ReserveMessages.privacyNoticeTooShort, ReserveMessages.privacyNoticeTooLong];

/** Which field a refusal of checkReserveSettings speaks of, so the form shows it there. */
export function fieldOfMessage(message: string): ReserveFormField {
  if (PLATFORM_MESSAGES.includes(message)) return 'platforms';
  if (NOTICE_MESSAGES.includes(message)) return 'privacyNotice';
  return 'tiers';
}

/** Settings that pass, for checking one field on its own. */
const PASSING: ReserveSettings = { enabled: false, platforms: ['ios'], tiers: [], privacyNotice: '', zipForm: false };

/** The part of the settings each field's check looks at (the notice's depends on 开启预约). */
const PART_OF: Record<ReserveFormField, (settings: ReserveSettings) => Partial<ReserveSettings>> = {
  platforms: ({ platforms }) => ({ platforms }),
  tiers: ({ tiers }) => ({ tiers }),
  privacyNotice: ({ enabled, privacyNotice }) => ({ enabled, privacyNotice }),
};

/**
 * The server's own check, for one field on its own: its message when the settings would be refused
 * because of it. Each field shows its refusal at once, not only after the fields before it pass.
 */
export function checkField(values: Partial<ReserveFormValues>, field: ReserveFormField): string | null {
  const message = checkReserveSettings({ ...PASSING, ...PART_OF[field](settingsOf(values)) });
  return message && fieldOfMessage(message) === field ? message : null;
}
