import type { ReactNode } from 'react';

interface HeaderBrandProps {
  /** PrimeIcons name, e.g. `pi-server`. */
  icon: string;
  title: string;
  /** A small label above the title (the admin page's 'Admin Panel'). */
  label?: ReactNode;
  intro?: ReactNode;
}

/** The logo, title and intro every page header starts with. */
export function HeaderBrand({ icon, title, label, intro }: HeaderBrandProps) {
  return (
    <div className="app-header__brand">
      <span className="app-header__logo" aria-hidden="true">
        <i className={`pi ${icon}`} />
      </span>
      <div>
        {label}
        <h1 className="app-header__title">{title}</h1>
        {intro ? <p className="app-header__intro">{intro}</p> : null}
      </div>
    </div>
  );
}
