import { clampQuantity } from '../../lib/purchase.ts';

/** A quantity stepper (minus, the number, plus) within 1 and `max` (the stock): whole numbers only, typed or stepped. */
interface Props {
  value: number;
  max: number;
  labelledBy: string;
  disabled?: boolean;
  onChange: (value: number) => void;
}

export function QuantityStepper({ value, max, labelledBy, disabled = false, onChange }: Props) {
  const set = (next: number) => onChange(clampQuantity(next, max));
  return (
    <span className="stepper" role="group" aria-labelledby={labelledBy}>
      <button type="button" aria-label="수량 줄이기" disabled={disabled || value <= 1} onClick={() => set(value - 1)}>
        <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
          <path d="M2 7h10" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        value={value}
        aria-labelledby={labelledBy}
        disabled={disabled}
        onChange={(event) => set(Number(event.target.value))}
      />
      <button type="button" aria-label="수량 늘리기" disabled={disabled || value >= max} onClick={() => set(value + 1)}>
        +
      </button>
    </span>
  );
}
