// The page's state in a URL fragment: `z=` and the base64url of the deflated JSON (where the
// browser has CompressionStream), or `j=` and the base64url of the JSON itself. The default
// table is stored as null, so a link to it stays short.

function base64url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function unbase64url(text) {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The fragment (without `#`) for `{rules, shot, lang}`. */
export async function encodeLink(state, defaultRules, { compress = typeof CompressionStream === 'function' } = {}) {
  const json = JSON.stringify({ v: 1, rules: state.rules === defaultRules ? null : state.rules, shot: state.shot, lang: state.lang });
  const bytes = new TextEncoder().encode(json);
  if (compress) return 'z=' + base64url(await pipe(bytes, new CompressionStream('deflate-raw')));
  return 'j=' + base64url(bytes);
}

/**
 * The state a fragment holds: `{rules (null for the default table), shot, lang}`; null for an
 * empty fragment; throws for one that is not a playground link.
 */
export async function decodeLink(fragment) {
  const text = fragment.replace(/^#/, '');
  if (!text) return null;
  const kind = text.slice(0, 2);
  let bytes;
  try {
    bytes = unbase64url(text.slice(2));
  } catch {
    throw new Error('the link is damaged');
  }
  if (kind === 'z=') bytes = await pipe(bytes, new DecompressionStream('deflate-raw'));
  else if (kind !== 'j=') throw new Error('it is not a playground link');
  const value = JSON.parse(new TextDecoder().decode(bytes));
  if (!value || value.v !== 1) throw new Error('unknown link version');
  return {
    rules: typeof value.rules === 'string' ? value.rules : null,
    shot: typeof value.shot === 'string' ? value.shot : null,
    lang: ['en', 'de', 'es'].includes(value.lang) ? value.lang : 'en',
  };
}
