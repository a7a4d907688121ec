/**
 * Rules for text and links that staff or players store and other people's screens render.
 *
 * - Plain text (payout holder names, bank names, notes): no markup characters `<` `>`, no control
 *   characters (C0, DEL, C1) and no bidirectional embedding, override or isolate characters
 *   (U+202A-U+202E, U+2066-U+2069), which can make a name or an account read differently from what it is.
 * - Links and images (banners, links in articles): an absolute path on this site, starting with exactly
 *   one `/` (`//host` and `/\host` are other sites to a browser), or an `https://` URL. No whitespace,
 *   control characters or backslashes anywhere (browsers read `\` as `/`).
 */

/* eslint-disable no-control-regex -- the point of these patterns is to find control characters */
const MARKUP_OR_CONTROL = /[<>\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const URL_UNSAFE_CHAR = /[\s\\\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/* eslint-enable no-control-regex */
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;
/** `https://` then a host name or IPv4 (no user info), an optional port, then a path, query or fragment. */
const HTTPS_URL = /^https:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::[0-9]{1,5})?(?:[/?#].*)?$/;

/** True for text safe to show as plain text anywhere: no `<` `>`, control or bidi-control characters. */
export function isPlainText(text: string): boolean {
  return !MARKUP_OR_CONTROL.test(text);
}

/** True for `/path...` on this site (one leading slash) or an `https://host/...` URL; false otherwise. */
export function isSafeLink(url: string): boolean {
  if (url.length === 0 || URL_UNSAFE_CHAR.test(url)) return false;
  return SAME_ORIGIN_PATH.test(url) || HTTPS_URL.test(url);
}

/** True for an absolute `https://host/...` address (no user info, no unsafe characters): an external page to open or embed. */
export function isHttpsUrl(url: string): boolean {
  return url.length > 0 && !URL_UNSAFE_CHAR.test(url) && HTTPS_URL.test(url);
}

/** Support hours as `HH:MM-HH:MM` in platform time (the end may be `24:00`, or earlier than the start: the next day). */
export const SUPPORT_HOURS = /^([01][0-9]|2[0-3]):[0-5][0-9]-(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/;
