import { StrField } from '../../common/validation/fields';

/** One line of text: no control characters. */
export const SINGLE_LINE = /^[^\p{Cc}]*$/u;
/** Free text (articles, notices): newlines and tabs allowed, no other control character (PostgreSQL refuses NUL). */
// eslint-disable-next-line no-control-regex -- the point of the pattern is to refuse control characters
export const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** A reason the audit log keeps (freeze, void, gift, reset): 1-500 characters on one line. */
export function ReasonField(o: { optional?: boolean } = {}): PropertyDecorator {
  return StrField({ optional: o.optional, min: o.optional ? 0 : 1, max: 500, pattern: SINGLE_LINE, description: 'why (kept in the audit log)' });
}
