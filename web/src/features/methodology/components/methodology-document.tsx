import { createElement, memo, useMemo } from 'react';
import type { DocBlock } from '../utils/doc-model';
import type { FormulaValues } from '../utils/formula';
import type { FormulaContext } from '../utils/values';
import { DocTable } from './doc-table';
import { FormulaTable } from './formula-table';
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
 * doc has it. Tables scroll sideways on a phone, so each is a focusable region named by its section's
 * heading. Blocks are memoised: when the results arrive only the formula tables render again.
 */
export function MethodologyDocument({ blocks, values, targetId }: MethodologyDocumentProps) {
  const body = useMemo(
    () =>
      blocks
        .filter((block, index) => !(index === 0 && block.kind === 'heading' && block.level === 1))
        // Each block under the id of the heading it follows (its own, for a heading).
        .reduce<{ block: (typeof blocks)[number]; section: string | undefined }[]>((out, block) => {
          out.push({ block, section: block.kind === 'heading' ? block.id : out.at(-1)?.section });
          return out;
        }, []),
    [blocks],
  );
  return (
    <article className="methodology" data-testid="methodology-document">
      {body.map(({ block, section }, index) =>
        block.kind === 'formulas' ? (
          <FormulaTable key={index} block={block} section={section} values={values[block.context]} targetId={targetId} />
        ) : (
          <StaticBlock key={index} block={block} section={section} />
        ),
      )}
    </article>
  );
}

/** A block that shows no values: headings, text, lists, code and plain tables. */
const StaticBlock = memo(function StaticBlock({ block, section }: { block: Exclude<DocBlock, { kind: 'formulas' }>; section?: string }) {
  switch (block.kind) {
    case 'heading':
      return createElement(`h${block.level}`, { id: block.id, className: `methodology__h${block.level}` }, <InlineContent nodes={block.content} />);
    case 'paragraph':
      return (
        <p>
          <InlineContent nodes={block.content} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, at) => (
        <li key={at}>
          <InlineContent nodes={item} />
        </li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'code':
      return (
        <pre className="methodology__code" tabIndex={0}>
          <code>{block.text}</code>
        </pre>
      );
    case 'table':
      return (
        <DocTable header={block.header} section={section}>
          {block.rows.map((row, at) => (
            <tr key={at}>
              {row.map((cell, col) => (
                <td key={col}>
                  <InlineContent nodes={cell} />
                </td>
              ))}
            </tr>
          ))}
        </DocTable>
      );
  }
});
