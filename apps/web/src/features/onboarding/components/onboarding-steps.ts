import { readStorage, writeStorage } from '../../../lib/storage';

/** Spec 002 §2.12 / §9: the stepper's steps, in order ({product} filled in). */
export const onboardingStepLabels = (product: string) =>
  ['Create your account', `Install ${product}`, 'Send your first merge'] as const;

/** Step indexes (0-based, as Mantine's Stepper counts). */
export const STEP_CREATE_ACCOUNT = 0;
export const STEP_INSTALL = 1;
export const STEP_SEND_FIRST_MERGE = 2;

/** Spec 002 §4.9: step 1 when the person is not signed in, otherwise step 2. */
export const initialOnboardingStep = (isSignedIn: boolean): number =>
  isSignedIn ? STEP_INSTALL : STEP_CREATE_ACCOUNT;

/** Spec 002 §2.12: completed steps after the first can be clicked to go back. */
export const isStepSelectable = (step: number, active: number): boolean =>
  step > STEP_CREATE_ACCOUNT && step < active;

/** Spec 002 §2.12: Continue needs an installation timestamp or a visit to the marketplace. */
export const canContinueAfterInstall = (
  installationTimestamp: number | null | undefined,
  visitedMarketplace: boolean,
) => installationTimestamp != null || visitedMarketplace;

/** The marketplace visit is remembered for the browser tab (session storage). */
export const MARKETPLACE_VISITED_STORAGE_KEY = 'mergedesk.onboarding.marketplace-visited';

export const hasVisitedMarketplace = (): boolean =>
  readStorage(MARKETPLACE_VISITED_STORAGE_KEY, 'session') === '1';

export const recordMarketplaceVisit = (): void => {
  writeStorage(MARKETPLACE_VISITED_STORAGE_KEY, '1', 'session');
};
