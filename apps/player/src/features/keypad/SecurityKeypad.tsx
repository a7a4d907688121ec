import { SECURITY_CODE_LENGTH } from '@sum28/domain';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '', '0', 'del'] as const;

/**
 * The 6-digit security-code keypad: digits fill six boxes and the code is submitted by itself, once, when the
 * sixth digit is typed (spec section 4). `resetKey` clears it (e.g. after a wrong code).
 */
export function SecurityKeypad({ onComplete, resetKey = 0, label }: { onComplete: (code: string) => void; resetKey?: number; label: string }): ReactElement {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const sent = useRef(false);
  useEffect(() => {
    setCode('');
    sent.current = false;
  }, [resetKey]);
  useEffect(() => {
    if (code.length === SECURITY_CODE_LENGTH && !sent.current) {
      sent.current = true;
      onComplete(code);
    }
  }, [code, onComplete]);
  const press = (k: (typeof KEYS)[number]): void => {
    if (sent.current) return;
    if (k === 'del') setCode((c) => c.slice(0, -1));
    else if (k !== '') setCode((c) => (c.length < SECURITY_CODE_LENGTH ? c + k : c));
  };
  return (
    <div className="keypad">
      <div className="keypad__boxes" role="status" aria-label={`${label}: ${t('security.entered', { n: code.length, total: SECURITY_CODE_LENGTH })}`}>
        {Array.from({ length: SECURITY_CODE_LENGTH }, (_, i) => (
          <span key={i} className={i < code.length ? 'keypad__box keypad__box--filled' : 'keypad__box'} aria-hidden="true" />
        ))}
      </div>
      <div className="keypad__keys">
        {KEYS.map((k, i) =>
          k === '' ? (
            <span key={`blank-${i}`} />
          ) : (
            <button key={k} type="button" className="keypad__key" onClick={() => press(k)} aria-label={k === 'del' ? t('security.delete') : k}>
              {k === 'del' ? '⌫' : k}
            </button>
          ),
        )}
      </div>
    </div>
  );
}
