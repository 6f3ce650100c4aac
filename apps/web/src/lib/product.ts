import { PRODUCT_NAME as DEFAULT_PRODUCT_NAME } from '@mergedesk/domain/constants';

type Env = Record<string, string | undefined>;
const env = import.meta.env as unknown as Env;

const fromEnv = (name: string, fallback: string): string => {
  const value = env[name];
  return value && value.trim() !== '' ? value : fallback;
};

/** {product} of the spec: configurable, default 'MergeDesk'. */
export const PRODUCT_NAME: string = fromEnv('VITE_PRODUCT_NAME', DEFAULT_PRODUCT_NAME);

/** The provider's support centre (top-bar help link, error screen "contact us"). */
export const SUPPORT_URL: string = fromEnv('VITE_SUPPORT_URL', 'https://support.mergedesk.app');

/** "Help center" link of the public result pages (spec 002 §2.11). */
export const HELP_CENTER_URL: string = fromEnv('VITE_HELP_CENTER_URL', SUPPORT_URL);

/** The add-on's listing in the Google Workspace Marketplace (onboarding step 2). */
export const MARKETPLACE_URL: string = fromEnv(
  'VITE_MARKETPLACE_URL',
  `https://workspace.google.com/marketplace/search/${encodeURIComponent(PRODUCT_NAME)}`,
);

/** Opens a new, empty spreadsheet (onboarding step 3). */
export const GOOGLE_SHEETS_NEW_URL = 'https://sheets.new';

/** Optional tutorial video for onboarding step 3; an illustration is shown when unset. */
export const ONBOARDING_VIDEO_URL: string | null = env.VITE_ONBOARDING_VIDEO_URL?.trim() || null;

/** Spec 002 §2.7: the support request form (seat changes of support-managed subscriptions). */
export const SUPPORT_REQUEST_URL: string = fromEnv('VITE_SUPPORT_REQUEST_URL', `${SUPPORT_URL}/requests/new`);

/** Spec 002 §2.7, §2.8: the contact-us page (offline subscriptions, plan limits). */
export const CONTACT_US_URL: string = fromEnv('VITE_CONTACT_US_URL', `${SUPPORT_URL}/contact`);
