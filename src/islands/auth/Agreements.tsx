import { useEffect, useRef } from 'react';
import type { ValidationErrors } from '../../lib/api-errors.ts';
import { FieldErrors } from '../shared/form-fields.tsx';
import './auth.css';

export interface AgreementState {
  terms: boolean;
  privacy: boolean;
  marketing: boolean;
}

export const NO_AGREEMENTS: AgreementState = { terms: false, privacy: false, marketing: false };

export const hasRequiredAgreements = (value: AgreementState): boolean => value.terms && value.privacy;

/** The agreements as the sign-up calls send them. */
export const agreementFields = (value: AgreementState) => ({
  agree_terms: value.terms,
  agree_privacy: value.privacy,
  agree_marketing: value.marketing,
});

interface AgreementsProps {
  /** Checkbox ids are `${idPrefix}_terms`, `_privacy`, `_marketing`: the form focuses them by name. */
  idPrefix: string;
  value: AgreementState;
  onChange: (value: AgreementState) => void;
  /** The form's messages: those of `agree_terms` and `agree_privacy` stand under their boxes. */
  errors: ValidationErrors;
}

interface Item {
  key: keyof AgreementState;
  label: string;
  required: boolean;
  /** The full text, opened in a new tab so that the form keeps what was typed. */
  href?: string;
  docName?: string;
}

const ITEMS: readonly Item[] = [
  { key: 'terms', label: '이용약관 동의', required: true, href: '/terms/policy', docName: '이용약관' },
  { key: 'privacy', label: '개인정보 수집 및 이용 동의', required: true, href: '/terms/privacy', docName: '개인정보 수집 및 이용' },
  { key: 'marketing', label: '마케팅 정보 수신 동의', required: false },
];

export function Agreements({ idPrefix, value, onChange, errors: formErrors }: AgreementsProps) {
  const all = value.terms && value.privacy && value.marketing;
  const errorsFor = (key: keyof AgreementState) => formErrors[`agree_${key}`] ?? [];
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const first = useRef({ value, onChange });
  useEffect(() => {
    // Boxes ticked before the form hydrated are taken over together: one by one, each would undo the last.
    const boxes = fieldset.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    if (!boxes) return;
    const [everything, ...each] = Array.from(boxes);
    const rendered = first.current.value;
    // 전체 동의 changed by hand decides every box; otherwise each box speaks for itself.
    const renderedAll = rendered.terms && rendered.privacy && rendered.marketing;
    const all = everything && everything.checked !== renderedAll ? everything.checked : null;
    const shown = (index: number, key: keyof AgreementState) => all ?? each[index]?.checked ?? rendered[key];
    const taken: AgreementState = { terms: shown(0, 'terms'), privacy: shown(1, 'privacy'), marketing: shown(2, 'marketing') };
    if (ITEMS.some((item) => taken[item.key] !== rendered[item.key])) first.current.onChange(taken);
  }, []);
  return (
    <fieldset ref={fieldset} className="auth-agreements">
      <legend className="form-label">약관 동의</legend>
      <label className="form-check auth-check-all">
        <input
          type="checkbox"
          checked={all}
          onChange={(event) => {
            const checked = event.target.checked;
            onChange({ terms: checked, privacy: checked, marketing: checked });
          }}
        />
        <span>전체 동의</span>
      </label>
      <ul className="auth-agreement-list">
        {ITEMS.map((item) => {
          const id = `${idPrefix}_${item.key}`;
          const errors = errorsFor(item.key);
          const errorId = `${id}-error`;
          return (
            <li key={item.key} className="auth-agreement">
              <div className="auth-agreement-row">
                <label className="form-check">
                  <input
                    id={id}
                    type="checkbox"
                    name={`agree_${item.key}`}
                    checked={value[item.key]}
                    onChange={(event) => onChange({ ...value, [item.key]: event.target.checked })}
                    aria-invalid={errors.length > 0 ? true : undefined}
                    aria-describedby={errors.length > 0 ? errorId : undefined}
                  />
                  <span>
                    <span className={item.required ? 'form-required' : 'form-optional'}>
                      {item.required ? '(필수)' : '(선택)'}
                    </span>{' '}
                    {item.label}
                  </span>
                </label>
                {item.href ? (
                  <a className="auth-agreement-link" href={item.href} target="_blank" rel="noopener">
                    보기<span className="visually-hidden">: {item.docName} 전문 (새 창)</span>
                  </a>
                ) : null}
              </div>
              <FieldErrors id={errorId} messages={errors} />
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
