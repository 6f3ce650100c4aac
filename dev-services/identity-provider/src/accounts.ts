/**
 * The Google identities offered by the local identity provider: the sign-in accounts of
 * shared/demo-data.md, then the owners of the billing demo spaces that extend it. Nina Newcomer has a Google identity but no MergeDesk account (the
 * 'no-user' state), so she is here even though the demo seed creates no user for her.
 */
export type DemoAccount = {
  /** Stable subject identifier, also the oidc-provider accountId. */
  readonly sub: string;
  readonly email: string;
  readonly email_verified: true;
  readonly name: string;
  readonly given_name: string;
  readonly family_name: string;
  /** A data: URL (no external host), like the avatar Google puts in its ID tokens. */
  readonly picture: string | null;
};

const avatarColours = ['#1a73e8', '#188038', '#d93025', '#e37400', '#9334e6', '#007b83'] as const;

/** An SVG avatar with the person's initials, as a data: URL. */
function initialsAvatar(givenName: string, familyName: string, index: number): string {
  const initials = `${givenName.charAt(0)}${familyName.charAt(0)}`.toUpperCase();
  const colour = avatarColours[index % avatarColours.length] ?? avatarColours[0];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="48" fill="${colour}"/>` +
    `<text x="48" y="61" font-family="Arial,Helvetica,sans-serif" font-size="36" fill="#fff" text-anchor="middle">${initials}</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const people = [
  ['demo-olivia', 'olivia@acme.test', 'Olivia', 'Owens'],
  ['demo-adam', 'adam@acme.test', 'Adam', 'Admin'],
  ['demo-mia', 'mia@acme.test', 'Mia', 'Member'],
  ['demo-fred', 'fred@acme.test', 'Fred', 'Free'],
  ['demo-dora', 'dora@acme.test', 'Dora', 'Disabled'],
  ['demo-gina', 'gina@gmail.com', 'Gina', 'Gmail'],
  ['demo-penny', 'penny@gmail.com', 'Penny', 'Personal'],
  ['demo-leo', 'leo@legacy.test', 'Leo', 'Legacy'],
  ['demo-max', 'max@max.test', 'Max', 'Many'],
  ['demo-sam', 'sam@acme.test', 'Sam', 'Stepfour'],
  ['demo-nina', 'nina@newcomer.test', 'Nina', 'Newcomer'],
  // Owners of the billing demo spaces beyond demo-data.md (docs/decisions/218-demo-spaces-for-billing.md).
  ['demo-sue', 'sue@support.test', 'Sue', 'Support'],
  ['demo-carl', 'carl@classic.test', 'Carl', 'Classic'],
  ['demo-gwen', 'gwen@global.test', 'Gwen', 'Global'],
] as const;

export const demoAccounts: readonly DemoAccount[] = Object.freeze(
  people.map(([sub, email, givenName, familyName], index) =>
    Object.freeze({
      sub,
      email,
      email_verified: true as const,
      name: `${givenName} ${familyName}`,
      given_name: givenName,
      family_name: familyName,
      picture: initialsAvatar(givenName, familyName, index),
    }),
  ),
);

export function findDemoAccountBySub(sub: string): DemoAccount | undefined {
  return demoAccounts.find((account) => account.sub === sub);
}

export function findDemoAccountByEmail(email: string): DemoAccount | undefined {
  const normalised = email.trim().toLowerCase();
  return demoAccounts.find((account) => account.email === normalised);
}
