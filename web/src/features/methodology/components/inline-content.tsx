import { Link } from 'react-router-dom';
import type { Inline } from '../utils/inline';

/** Inline markdown as React elements (text is always text: nothing from the doc is parsed as HTML). */
export function InlineContent({ nodes }: { nodes: Inline[] }) {
  return (
    <>
      {nodes.map((node, index) => {
        switch (node.kind) {
          case 'text':
            return node.text;
          case 'code':
            return <code key={index}>{node.text}</code>;
          case 'strong':
            return (
              <strong key={index}>
                <InlineContent nodes={node.children} />
              </strong>
            );
          case 'em':
            return (
              <em key={index}>
                <InlineContent nodes={node.children} />
              </em>
            );
          case 'link':
            // A path of this app stays in the app; anchors and other sites are ordinary links.
            return node.href.startsWith('/') ? (
              <Link key={index} to={node.href}>
                <InlineContent nodes={node.children} />
              </Link>
            ) : (
              <a key={index} href={node.href} {...(node.href.startsWith('#') ? {} : { rel: 'noopener noreferrer' })}>
                <InlineContent nodes={node.children} />
              </a>
            );
        }
      })}
    </>
  );
}
