import { afterEach, beforeEach, vi } from 'vitest';

/** The mock that stands in for the global fetch (see `stubFetch`). */
export type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

/**
 * Puts a fetch mock in place of the global fetch for every test of the calling file (or describe
 * block) and returns it. Before each test the mock is reset and, when `answer` is given, answers
 * with it until a test sets its own; after each test every stubbed global is restored
 * (`vi.unstubAllGlobals`), the test's own `vi.stubGlobal` calls included.
 */
export function stubFetch(answer?: typeof fetch): FetchMock {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    if (answer) fetchMock.mockImplementation(answer);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  return fetchMock;
}

/** The URL of a fetch call's first argument. */
export const requestUrl = (input: string | URL | Request | undefined): string =>
  input === undefined
    ? ''
    : typeof input === 'string'
      ? input
      : input instanceof URL
        ? input.href
        : input.url;

/** A fetch call's address parsed (a relative one against http://localhost), to read its path and query. */
export const requestAddress = (input: string | URL | Request | undefined): URL =>
  new URL(requestUrl(input), 'http://localhost');

/** The method of a fetch call: GET when its options name none. */
export const requestMethod = (init: RequestInit | undefined): string => init?.method ?? 'GET';

/** The JSON body a fetch call sent, or undefined when it sent no text body. */
export const requestJson = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
