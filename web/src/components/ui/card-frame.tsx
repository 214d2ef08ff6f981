import type { ReactNode } from 'react';

interface CardFrameProps {
  className?: string;
  title?: ReactNode;
  subTitle?: ReactNode;
  children: ReactNode;
}

/**
 * PrimeReact's Card as markup alone (the same elements and classes, so its theme rules apply): for
 * the cards of the first view, which need none of Card's code (pass-through options, header and
 * footer slots), and the first page loads half a kilobyte less for it.
 */
export function CardFrame({ className, title, subTitle, children }: CardFrameProps) {
  return (
    <div className={className ? `p-card p-component ${className}` : 'p-card p-component'}>
      <div className="p-card-body">
        {title === undefined ? null : <div className="p-card-title">{title}</div>}
        {subTitle === undefined ? null : <div className="p-card-subtitle">{subTitle}</div>}
        <div className="p-card-content">{children}</div>
      </div>
    </div>
  );
}
