/**
 * The Google access token a test sign-in holds (sessions.providerAccessToken): the test's Gmail
 * stand-in resolves it to the mailbox of `email`.
 */
export const testGoogleAccessToken = (email: string) => `test-google-access-token:${email}`;

/** The mailbox of a token made by testGoogleAccessToken, else null (the stand-in answers 401). */
export const resolveTestGoogleAccessToken = (token: string): Promise<string | null> =>
  Promise.resolve(token.startsWith('test-google-access-token:') ? token.slice(token.indexOf(':') + 1) : null);
