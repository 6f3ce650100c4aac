import { vi } from 'vitest';
import type { SessionContextValue } from '../lib/session-context';

/** A hand-made session for component tests; every action is a spy. */
export function fakeSession(overrides: Partial<SessionContextValue> = {}): SessionContextValue {
  return {
    status: 'signedOut',
    connection: 'online',
    accessToken: null,
    sessionId: null,
    profile: null,
    scopes: [],
    error: null,
    signIn: vi.fn(),
    logout: vi.fn(() => Promise.resolve()),
    switchAccount: vi.fn(() => Promise.resolve()),
    requestComposePermission: vi.fn(),
    clearError: vi.fn(),
    completeSignIn: vi.fn(() => Promise.resolve({ ok: false as const, notice: null })),
    completeComposeGrant: vi.fn(() => Promise.resolve({ outcome: 'failed' as const })),
    ...overrides,
  };
}

export const signedInSession = (overrides: Partial<SessionContextValue> = {}): SessionContextValue =>
  fakeSession({
    status: 'signedIn',
    accessToken: 'access-token',
    sessionId: '11111111-1111-4111-8111-111111111111',
    profile: { name: 'Olivia Owens', email: 'olivia@acme.test', picture: null },
    scopes: ['openid', 'email', 'profile'],
    ...overrides,
  });
