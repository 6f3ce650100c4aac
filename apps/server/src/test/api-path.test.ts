/* eslint-disable no-restricted-syntax -- the expected URLs of the helper that the rule points to */
import { describe, expect, it } from 'vitest';
import { apiPath } from './api-path';

describe('apiPath: an endpoint of the table with its :params filled and a query', () => {
  it.each([
    [apiPath('workspaces.list'), '/api/v1/workspaces'],
    [apiPath('members.list', { workspaceId: 'w 1' }), '/api/workspaces/w%201/members'],
    [apiPath('users.me', {}, 'includeWorkspaces=true'), '/api/v2/users/me?includeWorkspaces=true'],
    [apiPath('users.me', {}, '?includeWorkspaces=true'), '/api/v2/users/me?includeWorkspaces=true'],
    [apiPath('users.me', {}, ''), '/api/v2/users/me'],
    [
      apiPath('campaigns.list', {}, { filterBy: 'workspaceId:w1', limit: 25, offset: undefined }),
      '/api/v1/users/me/campaigns?filterBy=workspaceId%3Aw1&limit=25',
    ],
    [apiPath('tracking.open', { token: 'a.b' }), '/t/o/a.b.gif'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
