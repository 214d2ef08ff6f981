import type { Inline } from '../utils/inline';
import { formatFormulaValue, isBareName, resultJoiner, substituteFormula, unitSuffix, type FormulaValues } from '../utils/formula';
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
 * A formula that is one name of another result, with no result of its own to show, gets no line.
 */
export function FormulaCell({ cell, formula, result, unit, values }: FormulaCellProps) {
  const parts = formula === undefined ? [] : substituteFormula(formula, values);
  const outcome = Object.hasOwn(values, result) ? values[result] : undefined;
  const hasValues = parts.some((part) => part.kind === 'value') && (outcome !== undefined || !isBareName(formula));
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
              {resultJoiner(formula)}
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
