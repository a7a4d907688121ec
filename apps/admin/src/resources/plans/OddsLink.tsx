import { Link, useRecordContext, useTranslate } from 'react-admin';

/** Opens the odds list filtered on this room. */
export function OddsLink(): React.ReactElement | null {
  const record = useRecordContext<{ id: number }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Link
      to={{ pathname: '/odds', search: `filter=${encodeURIComponent(JSON.stringify({ plan_id: record.id }))}` }}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      {translate('resources.plans.odds')}
    </Link>
  );
}
