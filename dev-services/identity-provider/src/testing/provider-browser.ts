import { createServer } from 'node:net';

/**
 * A scripted browser for the local provider's pages, for tests that drive a real sign-in
 * without Chromium (this package's tests and the server's auth API tests).
 */
const redirectUri = 'http://localhost:3999/auth/callback';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, 'localhost', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address !== null) {
          resolve(address.port);
        } else {
          reject(new Error('no port'));
        }
      });
    });
  });
}

type StoredCookie = { value: string; path: string };

/** A browser's cookie handling, as far as these flows need it (names, values, paths, deletion). */
export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
      }
      const key = `${name} ${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { value: `${name}=${value}`, path });
    }
  }

  header(url: URL): string {
    return [...this.#cookies.values()]
      .filter(
        ({ path }) =>
          url.pathname === path || url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`),
      )
      .map(({ value }) => value)
      .join('; ');
  }
}

export type Page = { url: URL; status: number; html: string };

/** Loads a URL like a browser: follows redirects, carries cookies, stops at the relying party. */
export async function browse(
  jar: CookieJar,
  start: URL,
  init: { method?: string; form?: URLSearchParams; stopAt?: string } = {},
) {
  const stopAt = init.stopAt ?? redirectUri;
  let url = start;
  let method = init.method ?? 'GET';
  let body: URLSearchParams | undefined = init.form;
  for (let hops = 0; hops < 20; hops += 1) {
    if (url.href.startsWith(stopAt)) {
      return { url, status: 0, html: '' } satisfies Page;
    }
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(url),
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: body?.toString(),
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      url = new URL(location, url);
      method = 'GET';
      body = undefined;
      continue;
    }
    return { url, status: response.status, html: await response.text() } satisfies Page;
  }
  throw new Error('too many redirects');
}

function decodeHtml(value: string): string {
  return value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The account buttons of the sign-in page: the value each posts and its text (accessible name). */
export function accountButtons(html: string): Array<{ value: string; text: string }> {
  return [
    ...html.matchAll(
      /<button type="submit" class="account" name="email" value="([^"]*)"[^>]*>([^<]*)<\/button>/g,
    ),
  ].map(([, value = '', text = '']) => ({ value: decodeHtml(value), text: decodeHtml(text) }));
}

export function formAction(html: string, suffix: string): string {
  const action = [...html.matchAll(/<form method="post" action="([^"]*)"/g)]
    .map(([, value = '']) => decodeHtml(value))
    .find((value) => value.endsWith(suffix));
  if (action === undefined) throw new Error(`no form posting to …${suffix}`);
  return action;
}

/**
 * oidc-provider ends the old IdP session before signing in a different account: it answers with an
 * auto-submitting form (a browser runs its script); post it the way the script would.
 */
export async function submitAutoPostForm(jar: CookieJar, page: Page, stopAt = redirectUri): Promise<Page> {
  const action = /<form method="post" action="([^"]*)"/.exec(page.html)?.[1];
  if (!page.html.includes('document.forms[0].submit()') || action === undefined) return page;
  const form = new URLSearchParams();
  for (const [, name = '', value = ''] of page.html.matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g,
  )) {
    form.set(name, decodeHtml(value));
  }
  return browse(jar, new URL(decodeHtml(action), page.url), { method: 'POST', form, stopAt });
}

/** Signs `email` in at the provider and returns the URL the provider sends the browser back to. */
export async function signInAtProvider(authorizationUrl: URL, email: string, stopAt: string): Promise<URL> {
  const jar = new CookieJar();
  const page = await browse(jar, authorizationUrl, { stopAt });
  const afterLogin = await browse(jar, new URL(formAction(page.html, '/login'), page.url), {
    method: 'POST',
    form: new URLSearchParams({ email }),
    stopAt,
  });
  const callback = await submitAutoPostForm(jar, afterLogin, stopAt);
  if (!callback.url.href.startsWith(stopAt)) throw new Error(`sign-in did not reach ${stopAt}`);
  return callback.url;
}
