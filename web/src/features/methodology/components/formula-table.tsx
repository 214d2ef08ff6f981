import { Fragment, memo } from 'react';
import type { DocBlock } from '../utils/doc-model';
import type { FormulaValues } from '../utils/formula';
import { DocTable } from './doc-table';
import { FormulaCell } from './formula-cell';
import { InlineContent } from './inline-content';

type FormulaBlock = Extract<DocBlock, { kind: 'formulas' }>;

interface FormulaTableProps {
  block: FormulaBlock;
  /** Id of the section heading that names the table's scrolling region. */
  section?: string;
  values: FormulaValues;
  targetId?: string;
}

/** A table of the doc with a formula column: rows anchored by result name, each formula repeated with the values. */
export const FormulaTable = memo(function FormulaTable({ block, section, values, targetId }: FormulaTableProps) {
  return (
    <DocTable header={block.header} section={section}>
      {block.rows.map((row, at) => (
        <tr key={at} id={row.id} tabIndex={row.id ? -1 : undefined} className={row.id && row.id === targetId ? 'methodology__row--target' : undefined}>
          {row.cells.map((cell, col) =>
            col === block.formulaColumn ? (
              <FormulaCell key={col} cell={cell} formula={row.formula} result={row.result} unit={row.unit} values={values} />
            ) : col === 0 ? (
              <th key={col} scope="row">
                {row.id ? <BreakableName name={row.result} /> : <InlineContent nodes={cell} />}
              </th>
            ) : (
              <td key={col}>
                <InlineContent nodes={cell} />
              </td>
            ),
          )}
        </tr>
      ))}
    </DocTable>
  );
});

/** A camelCase name that may wrap between its words on a narrow screen (monthly·Profit·Per·Node), never inside one. */
function BreakableName({ name }: { name: string }) {
  const words = name.split(/(?=[A-Z][a-z])|(?<=[a-z])(?=[A-Z])|(?=\.)/);
  return (
    <>
      {words.map((word, index) => (
        <Fragment key={index}>
          {index ? <wbr /> : null}
          {word}
        </Fragment>
      ))}
    </>
  );
}
