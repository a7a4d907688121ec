import { playTypeLabel } from '@sum28/contracts';
import { BASE_CATEGORIES, BIG_MIN, EXTREME_BIG_MIN, EXTREME_SMALL_MAX, MAX_SUM, MIN_SUM, SUM_COUNTS, TRIPLE_SPACE, winningCount } from '@sum28/domain';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { getLocale } from '../app/session';
import { Page } from '../components/Page';
import '../features/games/games.css';

const pct = (count: number): string => `${((count * 100) / TRIPLE_SPACE).toFixed(1)}%`;

/** Rule: the game rules, with every boundary and probability from libs/domain (spec section 2). */
export default function RulePage(): ReactElement {
  const { t } = useTranslation();
  const locale = getLocale();
  const range = { big: BIG_MIN, max: MAX_SUM, smallMax: BIG_MIN - 1, min: MIN_SUM, xbig: EXTREME_BIG_MIN, xsmall: EXTREME_SMALL_MAX };
  return (
    <Page title={t('rule.title')}>
      <div className="card rule">
        <h2>{t('rule.drawTitle')}</h2>
        <p>{t('rule.draw', { min: MIN_SUM, max: MAX_SUM })}</p>
        <h2>{t('rule.mixedTitle')}</h2>
        <ul>
          <li>{t('rule.big', range)}</li>
          <li>{t('rule.small', range)}</li>
          <li>{t('rule.oddEven')}</li>
          <li>{t('rule.combo')}</li>
          <li>{t('rule.extreme', range)}</li>
        </ul>
        <h2>{t('rule.numberTitle')}</h2>
        <p>{t('rule.number', range)}</p>
        <h2>{t('rule.settleTitle')}</h2>
        <p>{t('rule.settle')}</p>
        <p>{t('rule.opposite')}</p>
        <p>
          <Link to="/fairness" className="link-button">
            {t('fairness.title')}
          </Link>
        </p>
      </div>
      <table className="grid-table" aria-label={t('rule.oddsTable')}>
        <thead>
          <tr>
            <th scope="col">{t('rule.category')}</th>
            <th scope="col">{t('rule.probability')}</th>
          </tr>
        </thead>
        <tbody>
          {BASE_CATEGORIES.map((c) => (
            <tr key={c}>
              <td>{playTypeLabel(locale, c)}</td>
              <td>{pct(winningCount(c))}</td>
            </tr>
          ))}
          {SUM_COUNTS.map((count, sum) => (
            <tr key={sum}>
              <td>{playTypeLabel(locale, `sum_${sum}`)}</td>
              <td>{pct(count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}
