import { describe, expect, it } from 'vitest';
import { useSeededTestApp } from '../../test/seeded-app';

const DAY_MS = 24 * 60 * 60 * 1000;

type MemberListBody = { items: Array<Record<string, unknown> & { memberEmail: string }>; total: number };

describe('members API', () => {
  const now = new Date();
  const t = useSeededTestApp({ now });

  const space = t.space;
  const list = async (email: string, spaceName: string, query = '') =>
    t.call(email, 'members.list', { params: { workspaceId: space(spaceName) }, query });
  const emails = (body: MemberListBody) => body.items.map((item) => item.memberEmail);

  it('lists every member of the space with the mapped fields, oldest first', async () => {
    const response = await list('olivia@acme.test', 'Acme Sales');
    expect(response.statusCode).toBe(200);
    const body = response.json<MemberListBody>();
    expect(body.total).toBe(8);
    expect(emails(body)).toEqual([
      'olivia@acme.test',
      'adam@acme.test',
      'mia@acme.test',
      'fred@acme.test',
      'dora@acme.test',
      'paula@acme.test',
      'tom@acme.test',
      'nina@newcomer.test',
    ]);
    expect(body.items[0]).toEqual({
      userId: t.demo.users['olivia@acme.test'],
      userName: 'Olivia Owens',
      memberEmail: 'olivia@acme.test',
      userRole: 'OWNER',
      userPlan: 'PRO',
      memberStatus: 'ACTIVE',
      freeTrialEndTimestamp: null,
      createTimestamp: expect.any(Number) as number,
      isPersonal: false,
      isUserInDomain: true,
      isScheduledToBeDowngraded: false,
    });
    expect(body.items[5]).toMatchObject({
      userId: null,
      userName: '',
      memberEmail: 'paula@acme.test',
      memberStatus: 'PENDING',
    });
    expect(body.items[6]).toMatchObject({
      memberEmail: 'tom@acme.test',
      memberStatus: 'FREE_TRIAL',
      freeTrialEndTimestamp: now.getTime() + 10 * DAY_MS,
    });
  });

  it('finds the owner (upgrade modal: filterBy=userRole:OWNER, limit 1)', async () => {
    const response = await list('fred@acme.test', 'Acme Sales', '?filterBy=userRole:OWNER&limit=1');
    expect(response.statusCode).toBe(200);
    const body = response.json<MemberListBody>();
    expect(emails(body)).toEqual(['olivia@acme.test']);
    expect(body.total).toBe(1);
  });

  it('ORs the values of one key and ANDs different keys (active admins and owner)', async () => {
    const response = await list(
      'fred@acme.test',
      'Acme Sales',
      '?filterBy=memberStatus:ACTIVE,userRole:ADMIN,userRole:OWNER&limit=100',
    );
    const body = response.json<MemberListBody>();
    expect(emails(body)).toEqual(['olivia@acme.test', 'adam@acme.test']);
    expect(body.total).toBe(2);

    const pendingOrTrial = await list(
      'olivia@acme.test',
      'Acme Sales',
      '?filterBy=memberStatus:PENDING,memberStatus:FREE_TRIAL,userPlan:PRO',
    );
    expect(emails(pendingOrTrial.json<MemberListBody>())).toEqual([
      'paula@acme.test',
      'tom@acme.test',
      'nina@newcomer.test',
    ]);
  });

  it('filters by e-mail, case-insensitively', async () => {
    const response = await list('olivia@acme.test', 'Acme Sales', '?filterBy=memberEmail:MIA@acme.test');
    expect(emails(response.json<MemberListBody>())).toEqual(['mia@acme.test']);
  });

  it('sorts and pages in the database, with the total of all matches', async () => {
    const byName = await list('olivia@acme.test', 'Acme Sales', '?sortBy=userName:desc&limit=3');
    const body = byName.json<MemberListBody>();
    expect(emails(body)).toEqual(['tom@acme.test', 'olivia@acme.test', 'mia@acme.test']);
    expect(body.total).toBe(8);

    const page = await list(
      'olivia@acme.test',
      'Acme Sales',
      '?sortBy=memberEmail:asc&limit=2&limitOffset=2',
    );
    expect(emails(page.json<MemberListBody>())).toEqual(['fred@acme.test', 'mia@acme.test']);
    expect(page.json<MemberListBody>().total).toBe(8);

    const byRole = await list(
      'olivia@acme.test',
      'Acme Sales',
      '?sortBy=userRole:desc,memberEmail:desc&limit=3',
    );
    expect(emails(byRole.json<MemberListBody>())).toEqual([
      'olivia@acme.test',
      'adam@acme.test',
      'tom@acme.test',
    ]);

    const beyond = await list('olivia@acme.test', 'Acme Sales', '?limit=5&limitOffset=50');
    expect(beyond.json()).toEqual({ items: [], total: 8 });
  });

  it.each([
    ['?filterBy=password:x', 'filterBy', "Unknown filter key 'password'."],
    ['?filterBy=userRole', 'filterBy', "Filter 'userRole' needs a value."],
    ['?filterBy=userRole:KING', 'filterBy', "Unknown value 'KING' for filter 'userRole'."],
    ['?sortBy=secret:asc', 'sortBy', "Unknown sort key 'secret'."],
    ['?sortBy=userName:up', 'sortBy', "Sort direction of 'userName' must be asc or desc."],
  ])('answers 400 for %s', async (query, field, message) => {
    const response = await list('olivia@acme.test', 'Acme Sales', query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ field, message }], code: 'VALIDATION_FAILED', message });
  });

  it('answers 400 for a limit out of range', async () => {
    const response = await list('olivia@acme.test', 'Acme Sales', '?limit=0');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'limit' }] });
  });

  it('lets a plain member read the list', async () => {
    const response = await list('mia@acme.test', 'Acme Sales', '?limit=100');
    expect(response.statusCode).toBe(200);
    expect(response.json<MemberListBody>().total).toBe(8);
  });

  it('answers 404 to non-members, for unknown and malformed ids too', async () => {
    for (const [email, spaceName] of [
      ['gina@gmail.com', 'Acme Sales'],
      ['fred@acme.test', 'Acme Premium'],
    ] as const) {
      const response = await list(email, spaceName);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errors: [], code: 'NOT_FOUND', message: 'Space not found.' });
    }
    for (const workspaceId of [crypto.randomUUID(), 'nope']) {
      const response = await t.call('olivia@acme.test', 'members.list', { params: { workspaceId } });
      expect(response.statusCode).toBe(404);
    }
  });

  it('answers 403 to a DISABLED member', async () => {
    const response = await list('dora@acme.test', 'Acme Sales');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      errors: [],
      code: 'FORBIDDEN',
      message: 'Sorry, your account is disabled. Contact your space administrator to solve this issue.',
    });
  });

  it('lets only admins and the owner list the members of a LEGACY space', async () => {
    const member = await list('liam@legacy.test', 'Legacy Team');
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({
      errors: [],
      code: 'FORBIDDEN',
      message: 'Only an admin or the owner of this space can see its members.',
    });
    const owner = await list('leo@legacy.test', 'Legacy Team', '?filterBy=userPlan:FREE');
    expect(owner.statusCode).toBe(200);
    expect(emails(owner.json<MemberListBody>())).toEqual([
      'fiona@legacy.test',
      'felix@legacy.test',
      'dan@legacy.test',
    ]);
    const all = await list('lara@legacy.test', 'Legacy Team');
    expect(all.json<MemberListBody>().total).toBe(9);
  });

  it('marks personal addresses and addresses outside the space domains', async () => {
    const response = await list('penny@gmail.com', "Penny's space");
    expect(response.json<MemberListBody>().items).toEqual([
      expect.objectContaining({ memberEmail: 'penny@gmail.com', isPersonal: true, isUserInDomain: false }),
    ]);
  });
});
