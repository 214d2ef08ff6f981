import { Link, useLocation } from 'react-router-dom';
import { useLiveDefaultsQuery } from '../api/get-live-defaults';
import { activationText } from '../utils/live-network-texts';
import './live-network.css';

/** 'When will my node be active?': the rotation the network service observed, for a node that joins standby now. */
export function ActivationOutlook() {
  const { data } = useLiveDefaultsQuery(true);
  const { search } = useLocation();
  const rotation = data?.rotation;
  return (
    <section className="activation-outlook" aria-labelledby="activation-outlook-title" data-testid="activation-outlook">
      <h3 id="activation-outlook-title" className="activation-outlook__title">
        <i className="pi pi-clock" aria-hidden="true" /> When will my node be active?
      </h3>
      <p data-testid="activation-outlook-text">
        {rotation ? activationText(rotation) : 'Rotation figures appear once the network service has kept enough cycle history.'}
      </p>
      {/* The calculator's query goes along, so the page shows this very calculation. */}
      <Link to={{ pathname: '/methodology', search }} className="activation-outlook__link">
        How rotation is worked out
      </Link>
    </section>
  );
}
