import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import type { AdminSession } from '../hooks/use-admin-session';
import './admin.css';
import { HeaderBrand } from '../../../components/layout/header-brand';

interface AdminHeaderProps {
  session: AdminSession;
  /** Paid with a wallet (the payment feature tells). */
  paymentVerified?: boolean;
}

/** 'Admin Panel', Authenticate Admin / badge and Disconnect (spec §2.8). */
export function AdminHeader({ session, paymentVerified = false }: AdminHeaderProps) {
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <HeaderBrand
          icon="pi-shield"
          title="Shardeum Validator Node Calculator"
          label={<p className="admin-header__label">Admin Panel</p>}
        />
        <div className="admin-header__actions">
          {paymentVerified ? <Tag severity="success" icon="pi pi-check-circle" value="Payment Verified" /> : null}
          {session.isAuthenticated ? (
            <>
              <Tag severity="success" icon="pi pi-verified" value="Admin Authenticated" />
              <Button
                type="button"
                label={session.isDisconnecting ? 'Disconnecting...' : 'Disconnect'}
                icon="pi pi-sign-out"
                severity="secondary"
                outlined
                loading={session.isDisconnecting}
                disabled={session.isDisconnecting}
                onClick={() => void session.disconnect()}
              />
            </>
          ) : (
            <Button
              type="button"
              label={session.isAuthenticating ? 'Authenticating...' : 'Authenticate Admin'}
              icon="pi pi-key"
              loading={session.isAuthenticating}
              disabled={session.isAuthenticating}
              onClick={() => void session.authenticate()}
            />
          )}
          <Link to="/" className="app-nav__link">
            <i className="pi pi-calculator" aria-hidden="true" /> Calculator
          </Link>
        </div>
      </div>
    </header>
  );
}
