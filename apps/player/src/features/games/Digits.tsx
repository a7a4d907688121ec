import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** A result as three balls and the sum: `3 + 8 + 8 = 19`. */
export function Digits({ digits, sum }: { digits: readonly number[]; sum: number }): ReactElement {
  const { t } = useTranslation();
  return (
    <span className="digits" role="img" aria-label={t('lotteryDetail.resultLabel', { digits: digits.join(', '), sum })}>
      {digits.map((d, i) => (
        <span key={i} className="digits__ball" aria-hidden="true">
          {d}
        </span>
      ))}
      <span className="digits__eq" aria-hidden="true">
        =
      </span>
      <span className="digits__sum" aria-hidden="true">
        {sum}
      </span>
    </span>
  );
}

/** `'a b c sum'` (issueList, orderList, cand) to its digits and sum; null when it is not one. */
export function parseLotteryCode(code: string | null | undefined): { digits: number[]; sum: number } | null {
  if (typeof code !== 'string') return null;
  const parts = code.trim().split(/\s+/).map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n))) return null;
  return { digits: parts.slice(0, 3), sum: parts[3] ?? 0 };
}
