import { isSafeLink } from '@sum28/domain';
import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list of article and notice HTML, applied on save: what news needs (paragraphs, headings,
 * emphasis, lists, quotes, simple tables, links and images) and nothing that runs or frames anything.
 * Every other tag is dropped (its text kept; `script`, `style`, `iframe`, ... with their content),
 * every other attribute is dropped (so no `on*` handler, no `style`), and a link or image address must
 * pass the domain's `isSafeLink` (a path on this site or an `https://` URL) or it is removed. Links get
 * `rel="noopener noreferrer"`.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'template', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = {};
      if (attribs.href !== undefined && isSafeLink(attribs.href)) out.href = attribs.href;
      if (attribs.title !== undefined) out.title = attribs.title;
      if (attribs.target === '_blank') out.target = '_blank';
      out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      return { tagName, attribs: src !== undefined && isSafeLink(src) ? { src, ...rest } : rest };
    },
  },
  // an image without a (safe) address shows nothing: drop it
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Article or notice HTML made safe to render (see OPTIONS). */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
