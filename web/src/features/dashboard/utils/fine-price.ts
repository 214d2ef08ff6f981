const finePrice = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 4, maximumFractionDigits: 8 });

/**
 * A price the visitor typed to the 8 decimals the profile form allows (step 0.00000001): the usual
 * 4 decimals, more only when they are there, so $0.00000001 does not read as $0.0000.
 */
export const formatFinePrice = (value: number) => (Number.isFinite(value) ? finePrice.format(value) : '—');
