import { PASSWORD_RULES } from '../../lib/account-rules.ts';
import './auth.css';

/** The password rules, ticking as the person types, before any submit. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="auth-checklist" aria-label="비밀번호 조건">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.label} className="auth-checklist-item" data-met={met}>
            <span className="auth-checklist-mark" aria-hidden="true">
              {met ? '✓' : ''}
            </span>
            {rule.label}
            <span className="visually-hidden">{met ? ' (충족)' : ' (미충족)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
