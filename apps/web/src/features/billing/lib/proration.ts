import type { PaymentInfo } from '@mergedesk/domain/api/billing';
import { changeTiming, prorationText } from '@mergedesk/domain/billing/display';
import type { BillingInterval } from '@mergedesk/domain/billing/prices';

/**
 * The proration sentence of a priced change (spec 001 §4): when the change applies and what is
 * charged today, from the server's prorated preview. One place for the summary pages, the options
 * page and the add-seats page.
 */
export const previewProrationText = (
  info: Pick<PaymentInfo, 'chargedToday' | 'proratedDays' | 'currency'>,
  intervals: { currentInterval: BillingInterval; targetInterval: BillingInterval },
): string =>
  prorationText({
    timing: changeTiming({ ...intervals, chargedToday: info.chargedToday }),
    chargedToday: info.chargedToday,
    proratedDays: info.proratedDays,
    currency: info.currency,
  });
