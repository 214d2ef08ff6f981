/** A number as a number input shows it: plain digits, never exponent notation (1e-8 → 0.00000001). */
export const numberText = (value: number) => value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
