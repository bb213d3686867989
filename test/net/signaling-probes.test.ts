/**
 * The exact probes diagnoseSignaling sends, with `fetch` replaced by a recorder
 * (no sockets): the CORS ask for `<path>/peerjs/id`, and, when that ask fails
 * outright (a browser refuses a CORS answer without headers), the no-cors ask
 * at the server's root on the same scheme that tells "something listens here,
 * wrong path" from "nothing here". The module is loaded inside each test
 * (loadedNow) so its load-time constant (the PeerJS key in the path) is the
 * one under test (stryker-js issue 6144, docs/TESTING.md).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadedNow } from '../helpers/loaded-now.js';

interface Asked {
  readonly url: string;
  readonly mode: RequestMode | undefined;
}

/** A fetch that records each ask and answers by `reply` (undefined: the ask fails). */
function recordingFetch(asked: Asked[], reply: (url: string, mode: RequestMode | undefined) => Response | undefined) {
  return async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    asked.push({ url, mode: init?.mode });
    const answer = reply(url, init?.mode);
    if (!answer) throw new TypeError('Failed to fetch');
    return answer;
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('diagnoseSignaling probes', () => {
  it('the PeerServer answering: one CORS ask for <path>/peerjs/id', async () => {
    const asked: Asked[] = [];
    vi.stubGlobal(
      'fetch',
      recordingFetch(asked, (url) => (url.endsWith('/peerjs/id') ? new Response('abc') : undefined)),
    );
    const { diagnoseSignaling } = await loadedNow(() => import('../../src/net/signaling.js'));
    const d = await diagnoseSignaling({ host: 'cards.example', port: 9000, path: '/fairdeck', secure: true });
    expect(d).toEqual({ cause: 'answers', advice: 'the server at cards.example:9000 answers now: try again' });
    expect(asked).toEqual([{ url: 'https://cards.example:9000/fairdeck/peerjs/id', mode: 'cors' }]);
  });

  it('the CORS ask fails but the root answers a no-cors ask on the same scheme: a wrong path', async () => {
    const asked: Asked[] = [];
    vi.stubGlobal(
      'fetch',
      recordingFetch(asked, (url, mode) =>
        url === 'http://cards.example:9000/' && mode === 'no-cors' ? new Response('') : undefined,
      ),
    );
    const { diagnoseSignaling } = await loadedNow(() => import('../../src/net/signaling.js'));
    const d = await diagnoseSignaling({ host: 'cards.example', port: 9000, path: '/fairdeck', secure: false });
    expect(d).toEqual({
      cause: 'wrong-path',
      advice:
        'something answers at http://cards.example:9000, but no PeerServer at path /fairdeck: check the Path setting (the --path the server was started with)',
    });
    expect(asked).toEqual([
      { url: 'http://cards.example:9000/fairdeck/peerjs/id', mode: 'cors' },
      { url: 'http://cards.example:9000/', mode: 'no-cors' },
    ]);
  });

  it("nothing on either scheme: three asks, the last at the other scheme's root", async () => {
    const asked: Asked[] = [];
    vi.stubGlobal(
      'fetch',
      recordingFetch(asked, () => undefined),
    );
    const { diagnoseSignaling } = await loadedNow(() => import('../../src/net/signaling.js'));
    const d = await diagnoseSignaling({ host: 'cards.example', port: 9000, path: '/fairdeck/', secure: false });
    expect(d.cause).toBe('nothing-listening');
    expect(asked).toEqual([
      { url: 'http://cards.example:9000/fairdeck/peerjs/id', mode: 'cors' },
      { url: 'http://cards.example:9000/', mode: 'no-cors' },
      { url: 'https://cards.example:9000/', mode: 'no-cors' },
    ]);
  });
});
