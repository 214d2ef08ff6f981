import type { ReactNode } from 'react';
import type { Inline } from '../utils/inline';
import { InlineContent } from './inline-content';

interface DocTableProps {
  header: Inline[][];
  /** Id of the section heading that names the table's scrolling region. */
  section?: string;
  /** The body rows. */
  children: ReactNode;
}

/** A table of the doc: a keyboard-scrollable region named by its section, the header row, then the body given. */
export function DocTable({ header, section, children }: DocTableProps) {
  return (
    <div className="methodology__table-wrap" tabIndex={0} role="region" aria-labelledby={section}>
      <table className="methodology__table">
        <thead>
          <tr>
            {header.map((cell, at) => (
              <th key={at} scope="col">
                <InlineContent nodes={cell} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
