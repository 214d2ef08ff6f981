import { CALCULATOR_DEFAULTS, type InvestmentProfile } from '@shm/contracts';
import { copyRequest, paramsFromProfile, prefillFromParams, toProfileFields, valuesFromProfile } from './profile-form';

const profile: InvestmentProfile = {
  id: 'p1',
  walletAddress: '0xabc',
  profileName: 'Two nodes',
  investmentAmount: 700,
  targetTimeframe: 6,
  targetEarnings: 1500,
  riskTolerance: 'aggressive',
  preferredShmPrice: 0.00000001,
  customNodeCost: 42.5,
  notes: 'VPS',
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

describe('prefillFromParams', () => {
  it('when the calculator shows its defaults, then the form starts from them with moderate risk and no name', () => {
    // Calculator-page defaults (spec §3): investment 10000, target 100000, 12 months, target price 1, node cost 35.
    expect(prefillFromParams(CALCULATOR_DEFAULTS)).toEqual({
      profileName: '',
      investmentAmount: '10000',
      targetTimeframe: '12',
      targetEarnings: '100000',
      riskTolerance: 'moderate',
      preferredShmPrice: '1',
      customNodeCost: '35',
      notes: '',
    });
  });

  it('when the calculator was changed, then the prefill follows: target price → preferred price, node cost → custom cost', () => {
    const values = prefillFromParams({ ...CALCULATOR_DEFAULTS, targetShmPrice: 0.25, nodeCostPerMonth: 120, investmentAmount: 5000 });
    expect(values).toMatchObject({ preferredShmPrice: '0.25', customNodeCost: '120', investmentAmount: '5000' });
  });
});

describe('toProfileFields', () => {
  it('when fields are empty, then numbers are 0 and notes are left out', () => {
    const fields = toProfileFields({ ...prefillFromParams(CALCULATOR_DEFAULTS), profileName: '  Plan  ', investmentAmount: '', notes: '  ' });
    expect(fields).toEqual({
      profileName: 'Plan',
      investmentAmount: 0,
      targetTimeframe: 12,
      targetEarnings: 100000,
      riskTolerance: 'moderate',
      preferredShmPrice: 1,
      customNodeCost: 35,
    });
  });

  it('when editing with notes removed, then notes are sent empty', () => {
    expect(toProfileFields({ ...valuesFromProfile(profile), notes: '' }, { clearNotes: true }).notes).toBe('');
  });

  it('when a profile round-trips through the form, then the fields are unchanged (8-decimal price included)', () => {
    const values = valuesFromProfile(profile);
    expect(values.preferredShmPrice).toBe('0.00000001');
    expect(toProfileFields(values)).toEqual({
      profileName: 'Two nodes',
      investmentAmount: 700,
      targetTimeframe: 6,
      targetEarnings: 1500,
      riskTolerance: 'aggressive',
      preferredShmPrice: 0.00000001,
      customNodeCost: 42.5,
      notes: 'VPS',
    });
  });
});

describe('copyRequest', () => {
  it('when copying, then the fields are kept, the name gets " (Copy)" and it is not the default', () => {
    expect(copyRequest(profile)).toEqual({
      profileName: 'Two nodes (Copy)',
      investmentAmount: 700,
      targetTimeframe: 6,
      targetEarnings: 1500,
      riskTolerance: 'aggressive',
      preferredShmPrice: 0.00000001,
      customNodeCost: 42.5,
      notes: 'VPS',
      isDefault: false,
    });
  });
});

describe('paramsFromProfile', () => {
  it('when a profile is applied, then only its five calculator fields change', () => {
    expect(paramsFromProfile(profile, CALCULATOR_DEFAULTS)).toEqual({
      ...CALCULATOR_DEFAULTS,
      investmentAmount: 700,
      targetTimeframe: 6,
      targetEarnings: 1500,
      targetShmPrice: 0.00000001,
      nodeCostPerMonth: 42.5,
    });
  });
});
