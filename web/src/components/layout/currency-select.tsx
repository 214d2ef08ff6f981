import { DISPLAY_CURRENCIES, parseCurrency } from '../../lib/currency';
import { useCurrencyParam } from '../../lib/use-currency-param';

/** The display currency of the results, kept in the address (`?cur=`); the form's inputs stay in USD. */
export function CurrencySelect() {
  const [currency, choose] = useCurrencyParam();
  return (
    <label className="currency-select">
      <span className="currency-select__label">Currency</span>
      <select value={currency} onChange={(event) => choose(parseCurrency(event.target.value))} data-testid="currency-select">
        {DISPLAY_CURRENCIES.map(({ code, label }) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}
