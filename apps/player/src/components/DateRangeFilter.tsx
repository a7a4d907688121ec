import { Button, DatePicker, List, Popup } from 'antd-mobile';
import { useState, type Dispatch, type ReactElement, type ReactNode, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_FIRST_DAY } from '@sum28/domain';
import { formatDate } from '../app/format';
import { localDateOf } from '../app/platform-day';

/** Spec section 5: date pickers range from the domain's first history day (2018-01-01) to today. */
export const HISTORY_START = localDateOf(HISTORY_FIRST_DAY);

/** What every record filter holds: a range of platform days. */
export interface DateRange {
  begin: Date;
  end: Date;
}

interface Props<F extends DateRange> {
  open: boolean;
  onClose: () => void;
  /** The drawer's heading and the dates section's header and rows (each page's own wording). */
  labels: { title: string; dates: string; begin: string; end: string };
  /** The filter being edited; the page applies it on Confirm. */
  draft: F;
  setDraft: Dispatch<SetStateAction<F>>;
  /** The platform's today: the last day the pickers offer. */
  today: Date;
  onReset: () => void;
  /** Confirm: the drawer closes, then this. */
  onConfirm: () => void;
  /** The date picker shows which end it sets (begin or end) as its title. */
  pickerTitle?: boolean;
  /** The page's own filter, between the dates and the buttons. */
  children: ReactNode;
}

/** The records' filter drawer (bet record, capital detail): begin and end dates, the page's own filter, Reset and Confirm. */
export function DateRangeFilter<F extends DateRange>({
  open,
  onClose,
  labels,
  draft,
  setDraft,
  today,
  onReset,
  onConfirm,
  pickerTitle = false,
  children,
}: Props<F>): ReactElement {
  const { t } = useTranslation();
  const [picking, setPicking] = useState<'begin' | 'end' | null>(null);
  return (
    <>
      <Popup visible={open} onMaskClick={onClose} position="right" bodyClassName="drawer">
        <h2 className="sheet__title">{labels.title}</h2>
        <List header={labels.dates}>
          <List.Item onClick={() => setPicking('begin')} extra={formatDate(draft.begin)}>
            {labels.begin}
          </List.Item>
          <List.Item onClick={() => setPicking('end')} extra={formatDate(draft.end)}>
            {labels.end}
          </List.Item>
        </List>
        {children}
        <div className="pad row-gap">
          <Button block onClick={onReset}>
            {t('common.reset')}
          </Button>
          <Button
            block
            color="primary"
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {t('common.confirm')}
          </Button>
        </div>
      </Popup>
      <DatePicker
        visible={picking !== null}
        min={HISTORY_START}
        max={today}
        value={picking === 'end' ? draft.end : draft.begin}
        onClose={() => setPicking(null)}
        onConfirm={(d) => setDraft((f) => (picking === 'end' ? { ...f, end: d } : { ...f, begin: d }))}
        {...(pickerTitle ? { title: picking === 'end' ? labels.end : labels.begin } : {})}
      />
    </>
  );
}
