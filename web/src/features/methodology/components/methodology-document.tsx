import { Fragment, createElement, useMemo } from 'react';
import type { DocBlock } from '../utils/doc-model';
import type { FormulaValues } from '../utils/formula';
import type { FormulaContext } from '../utils/values';
import { FormulaCell } from './formula-cell';
import { InlineContent } from './inline-content';

interface MethodologyDocumentProps {
  blocks: DocBlock[];
  /** The values formulas are shown with, per context (the projection section names its own results). */
  values: Record<FormulaContext, FormulaValues>;
  /** The row the address points at (`#netAPY`), marked so the eye finds it. */
  targetId?: string;
}

/**
 * docs/methodology.md as a page: the doc's own title is the page header's, every other block as the
 * doc has it. Tables scroll sideways on a phone, so each is a focusable region named by its section's heading.
 */
export function MethodologyDocument({ blocks, values, targetId }: MethodologyDocumentProps) {
  const body = useMemo(() => blocks.filter((block, index) => !(index === 0 && block.kind === 'heading' && block.level === 1)), [blocks]);
  let section: string | undefined;
  return (
    <article className="methodology" data-testid="methodology-document">
      {body.map((block, index) => {
        switch (block.kind) {
          case 'heading':
            section = block.id;
            return createElement(
              `h${block.level}`,
              { key: index, id: block.id, className: `methodology__h${block.level}` },
              <InlineContent nodes={block.content} />,
            );
          case 'paragraph':
            return (
              <p key={index}>
                <InlineContent nodes={block.content} />
              </p>
            );
          case 'list': {
            const items = block.items.map((item, at) => (
              <li key={at}>
                <InlineContent nodes={item} />
              </li>
            ));
            return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
          }
          case 'code':
            return (
              <pre key={index} className="methodology__code" tabIndex={0}>
                <code>{block.text}</code>
              </pre>
            );
          case 'table':
            return (
              <div key={index} className="methodology__table-wrap" tabIndex={0} role="region" aria-labelledby={section}>
                <table className="methodology__table">
                  <thead>
                    <tr>
                      {block.header.map((cell, at) => (
                        <th key={at} scope="col">
                          <InlineContent nodes={cell} />
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {block.rows.map((row, at) => (
                      <tr key={at}>
                        {row.map((cell, col) => (
                          <td key={col}>
                            <InlineContent nodes={cell} />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          case 'formulas':
            return (
              <div key={index} className="methodology__table-wrap" tabIndex={0} role="region" aria-labelledby={section}>
                <table className="methodology__table">
                  <thead>
                    <tr>
                      {block.header.map((cell, at) => (
                        <th key={at} scope="col">
                          <InlineContent nodes={cell} />
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {block.rows.map((row, at) => (
                      <tr
                        key={at}
                        id={row.id}
                        tabIndex={row.id ? -1 : undefined}
                        className={row.id && row.id === targetId ? 'methodology__row--target' : undefined}
                      >
                        {row.cells.map((cell, col) =>
                          col === block.formulaColumn ? (
                            <FormulaCell key={col} cell={cell} formula={row.formula} result={row.result} unit={row.unit} values={values[block.context]} />
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
                  </tbody>
                </table>
              </div>
            );
        }
      })}
    </article>
  );
}

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
