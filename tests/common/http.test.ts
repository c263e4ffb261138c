// The one API wrapper (common/http.ts, SPEC §7/§8): credentials, the CSRF header, the 4000 ms time-out, and every
// failure returned as data (time-out, network, status, malformed JSON), the one CSRF renewal, the shared token fetch.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CSRF_HEADER,
  CSRF_REJECTED_HEADER,
  fetchCsrfToken,
  REQUEST_TIMEOUT_MS,
  requestJson,
} from '../../common/http.ts';
import { USER_API } from '../../common/wire/endpoints.ts';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch that answers each call with the next of `answers` (a Response, or an error to throw) and records it. */
function fakeFetch(...answers: Array<Response | Error>) {
  const calls: Call[] = [];
  const impl = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const next = answers.shift() ?? new Response('{}');
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof fetch;
  return { impl, calls };
}

const json = (body: unknown, init: ResponseInit = {}) => new Response(JSON.stringify(body), init);
const headersOf = (c: Call) => c.init.headers as Record<string, string>;

afterEach(() => vi.useRealTimers());

describe('requestJson', () => {
  it('GETs with credentials and Accept JSON, and returns the parsed body with its status', async () => {
    const { impl, calls } = fakeFetch(json({ a: 1 }, { status: 201 }));
    expect(await requestJson('/x', { fetchImpl: impl })).toEqual({ ok: true, status: 201, body: { a: 1 } });
    expect(calls[0]!.url).toBe('/x');
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.credentials).toBe('include');
    expect(headersOf(calls[0]!)).toEqual({ Accept: 'application/json' });
    expect(calls[0]!.init.body).toBeUndefined();
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('reads an empty body as null', async () => {
    const { impl } = fakeFetch(new Response(''));
    expect(await requestJson('/x', { fetchImpl: impl })).toEqual({ ok: true, status: 200, body: null });
  });

  it('sends the CSRF token, extra headers, and a form body (which wins over a JSON body)', async () => {
    const { impl, calls } = fakeFetch(json({}), json({}));
    await requestJson('/logout', {
      fetchImpl: impl,
      method: 'POST',
      csrfToken: 'tok',
      headers: { 'X-Extra': '1' },
      form: { a: 'b c', d: '&' },
      json: { ignored: true },
    });
    expect(calls[0]!.init.method).toBe('POST');
    expect(headersOf(calls[0]!)).toEqual({
      Accept: 'application/json',
      'X-Extra': '1',
      [CSRF_HEADER]: 'tok',
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(calls[0]!.init.body).toBe('a=b+c&d=%26');
    await requestJson('/report', { fetchImpl: impl, method: 'PUT', json: { n: 1 }, csrfToken: '' });
    expect(headersOf(calls[1]!)).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(calls[1]!.init.body).toBe('{"n":1}');
  });

  it('returns a non-2xx status as an http failure, and malformed JSON as a parse failure', async () => {
    const { impl } = fakeFetch(json({ e: 1 }, { status: 503 }), new Response('{nope', { status: 200 }));
    expect(await requestJson('/x', { fetchImpl: impl })).toEqual({ ok: false, reason: 'http', status: 503 });
    const parsed = await requestJson('/x', { fetchImpl: impl });
    expect(parsed).toMatchObject({ ok: false, reason: 'parse', status: 200 });
    expect(parsed.ok === false && parsed.detail).toMatch(/SyntaxError/);
  });

  it('returns a thrown fetch as a network failure', async () => {
    const { impl } = fakeFetch(new TypeError('connection refused'));
    expect(await requestJson('/x', { fetchImpl: impl })).toEqual({
      ok: false,
      reason: 'network',
      detail: 'TypeError: connection refused',
    });
  });

  /** A fetch that settles only when its signal aborts (then rejects as fetch does). */
  const hanging = (seen: AbortSignal[] = []) =>
    ((_url: string, init: RequestInit) =>
      new Promise((_, reject) => {
        seen.push(init.signal!);
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as unknown as typeof fetch;

  it(`times out after ${REQUEST_TIMEOUT_MS} ms by default (aborting the call), or after timeoutMs`, async () => {
    vi.useFakeTimers();
    const seen: AbortSignal[] = [];
    const pending = requestJson('/x', { fetchImpl: hanging(seen) });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(seen[0]!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ ok: false, reason: 'timeout' });
    expect(seen[0]!.aborted).toBe(true);
    const short = requestJson('/x', { fetchImpl: hanging(), timeoutMs: 50 });
    await vi.advanceTimersByTimeAsync(50);
    expect(await short).toMatchObject({ ok: false, reason: 'timeout' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("reports the caller's abort as a network failure and clears its time-out", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const pending = requestJson('/x', { fetchImpl: hanging(), signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, reason: 'network' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves the caller signal alone after the call (its listener is removed)', async () => {
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    const { impl } = fakeFetch(json({}));
    await requestJson('/x', { fetchImpl: impl, signal: controller.signal });
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
  });

  const refused = () => json({}, { status: 403, headers: { [CSRF_REJECTED_HEADER]: '1' } });

  it('renews a refused CSRF token once and repeats the call with the fresh one', async () => {
    const { impl, calls } = fakeFetch(refused(), json({ done: true }));
    const renewCsrf = vi.fn(async () => 'fresh');
    const res = await requestJson('/x', { fetchImpl: impl, method: 'POST', csrfToken: 'old', renewCsrf });
    expect(res).toEqual({ ok: true, status: 200, body: { done: true } });
    expect(renewCsrf).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => headersOf(c)[CSRF_HEADER])).toEqual(['old', 'fresh']);
    expect(calls[1]!.init.method).toBe('POST');
  });

  it("docs/API.md 'CSRF': the token travels in X-CSRF-Token; a refusal carries X-CSRF-Rejected", () => {
    expect(CSRF_HEADER).toBe('X-CSRF-Token');
    expect(CSRF_REJECTED_HEADER).toBe('X-CSRF-Rejected');
  });

  it('never renews after a success, a malformed body or a network failure', async () => {
    const renewCsrf = vi.fn(async () => 'fresh');
    for (const answer of [json({ a: 1 }), new Response('{bad'), new Error('offline')]) {
      const { impl, calls } = fakeFetch(answer);
      await requestJson('/x', { fetchImpl: impl, method: 'POST', csrfToken: 'old', renewCsrf });
      expect(calls).toHaveLength(1);
    }
    expect(renewCsrf).not.toHaveBeenCalled();
  });

  it('does not repeat a call when the 403 is not a CSRF refusal, or no renewal is given', async () => {
    const renewCsrf = vi.fn(async () => 'fresh');
    const plain = fakeFetch(json({}, { status: 403 }));
    expect(await requestJson('/x', { fetchImpl: plain.impl, renewCsrf })).toMatchObject({ status: 403 });
    const other = fakeFetch(json({}, { status: 403, headers: { [CSRF_REJECTED_HEADER]: '0' } }));
    expect(await requestJson('/x', { fetchImpl: other.impl, renewCsrf })).toMatchObject({ status: 403 });
    const wrongStatus = fakeFetch(json({}, { status: 401, headers: { [CSRF_REJECTED_HEADER]: '1' } }));
    expect(await requestJson('/x', { fetchImpl: wrongStatus.impl, renewCsrf })).toMatchObject({
      status: 401,
    });
    expect(renewCsrf).not.toHaveBeenCalled();
    const none = fakeFetch(refused());
    expect(await requestJson('/x', { fetchImpl: none.impl })).toMatchObject({ reason: 'http', status: 403 });
    expect(none.calls).toHaveLength(1);
  });

  it('keeps the refusal when the renewal fails, gives nothing, or gives the same token', async () => {
    for (const renewCsrf of [
      async () => Promise.reject(new Error('down')),
      async () => undefined,
      async () => 'same',
    ]) {
      const { impl, calls } = fakeFetch(refused(), json({}));
      const res = await requestJson('/x', { fetchImpl: impl, csrfToken: 'same', renewCsrf });
      expect(res).toEqual({ ok: false, reason: 'http', status: 403 });
      expect(calls).toHaveLength(1);
    }
  });

  it('renews at most once: a second refusal is returned', async () => {
    const { impl, calls } = fakeFetch(refused(), refused(), json({}));
    const res = await requestJson('/x', { fetchImpl: impl, csrfToken: 'a', renewCsrf: async () => 'b' });
    expect(res).toEqual({ ok: false, reason: 'http', status: 403 });
    expect(calls).toHaveLength(2);
  });
});

describe('fetchCsrfToken', () => {
  it('GETs the token route on the origin and resolves to the token', async () => {
    const { impl, calls } = fakeFetch(json({ data: { token: 't1' } }));
    expect(await fetchCsrfToken('https://a.example', impl)).toBe('t1');
    expect(calls[0]!.url).toBe(`https://a.example${USER_API.csrfToken}`);
  });

  it("with no origin asks the page's own", async () => {
    const { impl, calls } = fakeFetch(json({ data: { token: 't2' } }));
    expect(await fetchCsrfToken(undefined, impl)).toBe('t2');
    expect(calls[0]!.url).toBe(USER_API.csrfToken);
  });

  it('resolves to undefined for a failed call, no data, or an empty or non-string token', async () => {
    for (const answer of [
      json({}, { status: 500 }),
      new Response(''),
      json({ data: { token: '' } }),
      json({ data: { token: 5 } }),
      json({ other: 1 }),
    ]) {
      const { impl } = fakeFetch(answer);
      expect(await fetchCsrfToken('', impl)).toBeUndefined();
    }
  });

  it('shares one request among concurrent calls for an origin, and asks again once it settled', async () => {
    const { impl, calls } = fakeFetch(json({ data: { token: 'a' } }), json({ data: { token: 'b' } }));
    const [x, y] = await Promise.all([fetchCsrfToken('o', impl), fetchCsrfToken('o', impl)]);
    expect([x, y, calls.length]).toEqual(['a', 'a', 1]);
    expect(await fetchCsrfToken('o', impl)).toBe('b');
    expect(calls).toHaveLength(2);
  });
});
