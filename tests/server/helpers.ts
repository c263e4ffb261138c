// Helpers for route tests through `createApp().request(...)`: a CSRF pair bound to a pre-session id as a page load
// hands out (server/csrf.ts), a tiny cookie jar that follows Set-Cookie (so rotated tokens are used), and JSON reading.
import type { Hono } from 'hono';
import { csrfTokenFor, newPreSessionId } from '../../server/csrf.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests probe response bodies field by field
type Body = any;

/** Cookies and header of a fresh anonymous visitor's valid CSRF pair (what a page load hands out). */
export function csrfPair(): {
  psid: string;
  token: string;
  headers: { cookie: string; 'X-CSRF-Token': string };
} {
  const psid = newPreSessionId();
  const token = csrfTokenFor(psid);
  return { psid, token, headers: { cookie: `mh_psid=${psid}; csrf_token=${token}`, 'X-CSRF-Token': token } };
}

/** A client that sends the CSRF pair and keeps cookies between requests, like a browser tab. */
export class Client {
  readonly jar: Map<string, string>;
  constructor(
    private readonly app: Hono,
    private readonly headers: Record<string, string> = {},
  ) {
    const { psid, token } = csrfPair();
    this.jar = new Map([
      ['mh_psid', psid],
      ['csrf_token', token],
    ]);
  }

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(path: string, init: RequestInit & { form?: Record<string, string> } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('cookie', this.cookieHeader());
    if (!headers.has('X-CSRF-Token')) headers.set('X-CSRF-Token', this.jar.get('csrf_token') ?? '');
    for (const [k, v] of Object.entries(this.headers)) headers.set(k, v);
    let body = init.body;
    if (init.form) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(init.form).toString();
    }
    const res = await this.app.request(path, { ...init, headers, body });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }

  async json(
    path: string,
    init?: RequestInit & { form?: Record<string, string> },
  ): Promise<{ status: number; body: Body }> {
    const res = await this.request(path, init);
    return { status: res.status, body: await res.json() };
  }

  login(persona: string, account = ''): Promise<{ status: number; body: Body }> {
    return this.json('/api/web/v1/usercenter/demo_login', { method: 'POST', form: { persona, account } });
  }
}

/** Set-Cookie lines of a response whose name is `name`. */
export function setCookieLines(res: Response, name: string): string[] {
  return res.headers.getSetCookie().filter((l) => l.startsWith(`${name}=`));
}
