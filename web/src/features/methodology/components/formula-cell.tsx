import type { Inline } from '../utils/inline';
import { formatFormulaValue, substituteFormula, unitSuffix, type FormulaValues } from '../utils/formula';
import { InlineContent } from './inline-content';

interface FormulaCellProps {
  /** The cell as written in the doc. */
  cell: Inline[];
  formula?: string;
  result: string;
  unit?: string;
  values: FormulaValues;
}

/**
 * The doc's formula, and under it the same formula with the current values and the result the API
 * gave (`82.80 × 12 / 303.60 × 100 = 327.27 %`); without results (the payment gate), the inputs only.
 */
export function FormulaCell({ cell, formula, result, unit, values }: FormulaCellProps) {
  const parts = formula === undefined ? [] : substituteFormula(formula, values);
  const hasValues = parts.some((part) => part.kind === 'value');
  const outcome = Object.hasOwn(values, result) ? values[result] : undefined;
  return (
    <td className="methodology__formula">
      <InlineContent nodes={cell} />
      {hasValues || outcome !== undefined ? (
        <code className="methodology__values" data-testid={`formula-values-${result}`}>
          {parts.map((part, index) =>
            part.kind === 'value' ? (
              <span key={index} className="methodology__value" title={part.name}>
                {part.text}
              </span>
            ) : (
              part.text
            ),
          )}
          {outcome === undefined ? null : (
            <>
              {' = '}
              <strong className="methodology__result">
                {formatFormulaValue(outcome)}
                {outcome === null || typeof outcome === 'boolean' ? '' : unitSuffix(unit)}
              </strong>
            </>
          )}
        </code>
      ) : null}
    </td>
  );
}
