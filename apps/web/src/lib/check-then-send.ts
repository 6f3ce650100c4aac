import type { ValidityResponse } from '@mergedesk/domain/api/members';
import type { EmailEntryResult } from '../components/email-entry-modal';

/**
 * Spec 002 §5 "Invite" / "Legacy add": the addresses are checked on the server first (validity-only
 * mode); when any has an errorMsg nothing is sent and the tips show on the tags, otherwise they are
 * sent for real.
 */
export async function checkThenSend(
  emails: string[],
  call: (onlyCheckValidity: boolean) => Promise<ValidityResponse>,
): Promise<EmailEntryResult> {
  const check = await call(true);
  const errors = Object.fromEntries(
    check.items.flatMap((item) => (item.errorMsg ? [[item.email, item.errorMsg] as const] : [])),
  );
  if (Object.keys(errors).length > 0) return { accepted: [], errors };
  await call(false);
  return { accepted: emails, errors: {} };
}
