import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_COUNTRY, createPhoneVerification } from '../../stores/phone-verification.ts';
import type { VerifiedPhone } from '../../stores/phone-verification.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { FieldErrors, TextField } from '../shared/form-fields.tsx';
import { Form, FormAlert, FormStatus, SubmitButton } from '../shared/form.tsx';
import { useEarlyValue } from '../shared/use-early-input.ts';
import { formatMinutes, useSecondsLeft } from './use-countdown.ts';
import './mypage.css';

/** The calling codes offered, Korea first (the service's home). */
export const COUNTRY_CODES = [
  { value: '82', label: '대한민국 +82' },
  { value: '1', label: '미국 +1' },
  { value: '81', label: '일본 +81' },
  { value: '86', label: '중국 +86' },
] as const;

interface PhoneVerificationFormProps {
  /** The member's verified number, or null. */
  current: VerifiedPhone | null;
  /** Digits in a code (src/server/modules/phone/schema.ts), passed by the page. */
  codeLength: number;
}

const EXPIRED = '입력 시간이 지났어요. 인증번호를 다시 받아 주세요.';

const countryLabel = (code: string): string => `+${code}`;

const alertOf = (others: string[], failure: unknown): string[] => (failure === undefined ? others : failureMessages(failure));

/** /mypage/phone: number → code by text → verify → save, with a 3-minute countdown. */
export function PhoneVerificationForm({ current, codeLength }: PhoneVerificationFormProps) {
  const id = useId();
  const codeInput = useRef<HTMLInputElement>(null);
  const [form] = useState(() => createPhoneVerification(current, codeLength));
  const verified = useStore(form.$verified);
  const sent = useStore(form.$sent);
  const { countryCode, phone, code } = useStore(form.$fields);
  const { sending, checking, status, numberErrors, numberOthers, numberFailure, codeErrors, codeOthers, codeFailure } = useStore(form.$state);
  const secondsLeft = useSecondsLeft(sent?.expiresAt ?? null);
  const resendIn = useSecondsLeft(sent?.resendAt ?? null);
  const expired = sent !== null && secondsLeft === 0;

  // Once a code is on its way, the person's next move is to type it.
  const sentAt = sent?.expiresAt;
  useEffect(() => {
    if (sentAt !== undefined) codeInput.current?.focus();
  }, [sentAt]);

  const fieldId = (name: string) => `${id}-${name}`;

  // A number typed before the form hydrated is the one it sends.
  const countryRef = useEarlyValue<HTMLSelectElement>(countryCode, (value) => form.changeNumber({ countryCode: value }));
  const phoneRef = useEarlyValue<HTMLInputElement>(phone, (value) => form.changeNumber({ phone: value }));

  const onSend = async () => {
    const errors = await form.send();
    if (errors.phone) document.getElementById(fieldId('phone'))?.focus();
  };

  const onVerify = async () => {
    const errors = await form.verify();
    if (errors.verification_code) codeInput.current?.select();
  };

  const numberMessages = alertOf(numberOthers, numberFailure);
  const codeMessages = alertOf(codeOthers, codeFailure);
  const phoneErrors = [...(numberErrors.country_code ?? []), ...(numberErrors.phone ?? [])];
  const timerId = fieldId('timer');
  return (
    <div className="form">
      {verified ? (
        <div className="form-field">
          <p className="form-label">인증된 휴대폰 번호</p>
          <p className="mypage-saved-phone">
            {countryLabel(verified.countryCode)} {verified.phone}
          </p>
          <p className="form-hint">다른 번호로 바꾸려면 아래에서 새 번호를 인증해 주세요.</p>
        </div>
      ) : null}
      <FormStatus id={fieldId('status')} message={status} />

      <Form compact onSubmit={onSend}>
        <div className="form-field">
          <label className="form-label" htmlFor={fieldId('phone')}>
            휴대폰 번호
          </label>
          <div className="mypage-inline">
            <select
              ref={countryRef}
              id={fieldId('country_code')}
              className="form-input mypage-country"
              name="country_code"
              aria-label="국가 번호"
              autoComplete="tel-country-code"
              value={countryCode}
              onChange={(event) => form.changeNumber({ countryCode: event.target.value })}
              aria-invalid={numberErrors.country_code ? true : undefined}
            >
              {COUNTRY_CODES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <input
              ref={phoneRef}
              id={fieldId('phone')}
              className="form-input"
              type="tel"
              name="phone"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={countryCode === DEFAULT_COUNTRY ? '010-1234-5678' : '숫자만 입력'}
              maxLength={20}
              value={phone}
              onChange={(event) => form.changeNumber({ phone: event.target.value })}
              aria-invalid={phoneErrors.length > 0 ? true : undefined}
              aria-describedby={[fieldId('phone-hint'), phoneErrors.length > 0 ? fieldId('phone-error') : '']
                .join(' ')
                .trim()}
            />
          </div>
          <p id={fieldId('phone-hint')} className="form-hint">
            문자로 받은 인증번호를 확인해 번호를 저장해요.
          </p>
          <FieldErrors id={fieldId('phone-error')} messages={phoneErrors} />
        </div>
        <SubmitButton
          label={sent ? '인증번호 다시 받기' : '인증번호 받기'}
          busyLabel="보내는 중…"
          busy={sending}
          disabled={sent !== null && resendIn > 0}
          describedById={sent && resendIn > 0 ? fieldId('resend-hint') : undefined}
          className={sent ? 'form-small-button' : 'form-button'}
        />
        {sent && resendIn > 0 ? (
          <p id={fieldId('resend-hint')} className="form-hint">
            {formatMinutes(resendIn)} 후에 다시 받을 수 있어요.
          </p>
        ) : null}
        <FormAlert id={fieldId('number-alert')} messages={numberMessages} />
      </Form>

      {sent ? (
        <Form compact className="mypage-code-step" onSubmit={onVerify}>
          <TextField
            ref={codeInput}
            id={fieldId('code')}
            label="인증번호"
            type="text"
            name="verification_code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern={`\\d{${codeLength}}`}
            maxLength={codeLength}
            placeholder={`숫자 ${codeLength}자리`}
            value={code}
            onValue={form.typeCode}
            readOnly={sent.verified}
            note={expired ? { tone: 'error', text: EXPIRED } : null}
            errors={codeErrors}
            extraDescribedBy={timerId}
          >
            <p id={timerId} className="mypage-timer" role="timer" data-expired={expired}>
              남은 시간 {formatMinutes(secondsLeft)}
            </p>
          </TextField>
          <SubmitButton label="확인" busyLabel="확인하는 중…" busy={checking} disabled={expired} />
          <FormAlert id={fieldId('code-alert')} messages={codeMessages} />
        </Form>
      ) : null}
    </div>
  );
}
