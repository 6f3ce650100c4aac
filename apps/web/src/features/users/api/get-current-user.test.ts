import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { setSessionRefreshHandler } from '../../../lib/session-context';
import { requestUrl, stubFetch } from '../../../test/fetch-stub';
import { currentUser, jsonResponse } from '../../../test/fixtures';
import { getCurrentUserQueryOptions } from './get-current-user';

const fetchMock = stubFetch();
const meCalls = () => fetchMock.mock.calls.filter(([url]) => requestUrl(url).includes('/api/v2/users/me'));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  setSessionRefreshHandler(null);
});

/** The me request as the session makes it (queryClient.fetchQuery with the feature's options). */
function fetchMe() {
  const queryClient = new QueryClient();
  const result = queryClient.fetchQuery(getCurrentUserQueryOptions());
  // keep unhandled-rejection warnings out while timers are advanced
  result.catch(() => undefined);
  return result;
}

describe('the me request (spec 000 §4)', () => {
  it('asks for the current user with its spaces', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, currentUser()));
    await expect(fetchMe()).resolves.toMatchObject({ userEmail: 'olivia@acme.test' });
    expect(requestUrl(meCalls()[0]?.[0])).toBe('/api/v2/users/me?includeWorkspaces=true');
  });

  it('retries once, 500 ms after a failure', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(500, { errors: [], code: 'INTERNAL', message: 'boom' }))
      .mockResolvedValueOnce(jsonResponse(200, currentUser()));
    const result = fetchMe();

    await vi.advanceTimersByTimeAsync(499);
    expect(meCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(meCalls()).toHaveLength(2);
    await expect(result).resolves.toMatchObject({ userEmail: 'olivia@acme.test' });
  });

  it('does not retry a second time', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(503, { errors: [], code: 'SERVICE_UNAVAILABLE', message: 'down' })),
    );
    const result = fetchMe();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).rejects.toMatchObject({ status: 503 });
    expect(meCalls()).toHaveLength(2);
  });

  it('fails at once with the 404 of a missing account (no retry)', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(404, { errors: [], code: 'USER_NOT_FOUND', message: 'User not found' })),
    );
    const result = fetchMe();
    await vi.advanceTimersByTimeAsync(10_000);
    const error: unknown = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
    expect(meCalls()).toHaveLength(1);
  });

  it('refreshes the session on 401 and asks again', async () => {
    const refresh = vi.fn(() => Promise.resolve(true));
    setSessionRefreshHandler(refresh);
    fetchMock
      .mockResolvedValueOnce(jsonResponse(401, { errors: [], code: 'UNAUTHENTICATED', message: 'expired' }))
      .mockResolvedValueOnce(jsonResponse(200, currentUser()));
    await expect(fetchMe()).resolves.toMatchObject({ userEmail: 'olivia@acme.test' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(meCalls()).toHaveLength(2);
  });

  it('gives up on 401 when the refresh fails', async () => {
    setSessionRefreshHandler(() => Promise.resolve(false));
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(401, { errors: [], code: 'UNAUTHENTICATED', message: 'expired' })),
    );
    const result = fetchMe();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).rejects.toMatchObject({ status: 401 });
    expect(meCalls()).toHaveLength(1);
  });
});
