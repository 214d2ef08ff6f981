import type { ReactNode } from 'react';

/** Header, main content and a footer note; every page uses it. */
export function PageShell({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className="page">
      {header}
      <main className="page__main">{children}</main>
      <footer className="page__footer">
        Estimates only: rewards depend on network conditions and the SHM price. Not financial advice.
      </footer>
    </div>
  );
}
