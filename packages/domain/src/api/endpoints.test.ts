import { describe, expect, expectTypeOf, it } from 'vitest';
import { ENDPOINTS, endpointPath, type EndpointPathParams } from './endpoints';

describe('endpointPath: an endpoint path with its :params filled', () => {
  it.each([
    ['members.list', { workspaceId: 'w1' }, '/api/workspaces/w1/members'],
    [
      'bounces.delete',
      { workspaceId: 'w 1', emailAddress: 'a+b@x.com' },
      '/api/v1/users/workspace-activation-delete-bounces/me/w%201/a%2Bb%40x.com',
    ],
    ['tracking.open', { token: 'abc.def' }, '/t/o/abc.def.gif'],
    ['workspaces.list', {}, '/api/v1/workspaces'],
  ] as const)('%s %o → %s', (name, params, expected) => {
    expect(endpointPath(ENDPOINTS[name].path, params)).toBe(expected);
  });

  it('refuses a missing parameter', () => {
    expect(() => endpointPath(ENDPOINTS['members.list'].path)).toThrow(
      "Missing path parameter 'workspaceId' for /api/workspaces/:workspaceId/members",
    );
  });

  it("types a parameter before a file extension by its name ('/t/o/:token.gif' needs token)", () => {
    expectTypeOf<EndpointPathParams<'tracking.open'>>().toEqualTypeOf<{ token: string }>();
    expectTypeOf<EndpointPathParams<'tracking.click'>>().toEqualTypeOf<{
      token: string;
      linkIndex: string;
    }>();
  });
});
