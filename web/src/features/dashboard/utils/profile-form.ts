import type { CalculatorParams, CreateProfileRequest, InvestmentProfile, ProfileFields, RiskTolerance } from '@shm/contracts';
import { textToNumber } from '../../../lib/input-filter';
import { copyName } from './copy-name';
import { numberText } from './number-text';

/** The profile form holds text, as every form here does (spec §5); numbers are made on submit. */
export interface ProfileFormValues {
  profileName: string;
  investmentAmount: string;
  targetTimeframe: string;
  targetEarnings: string;
  riskTolerance: RiskTolerance;
  preferredShmPrice: string;
  customNodeCost: string;
  notes: string;
}

export const DEFAULT_RISK: RiskTolerance = 'moderate';

/** A new profile starts from what the calculator shows now: the investment inputs, target price and node cost. */
export function prefillFromParams(params: CalculatorParams): ProfileFormValues {
  return {
    profileName: '',
    investmentAmount: numberText(params.investmentAmount),
    targetTimeframe: numberText(params.targetTimeframe),
    targetEarnings: numberText(params.targetEarnings),
    riskTolerance: DEFAULT_RISK,
    preferredShmPrice: numberText(params.targetShmPrice),
    customNodeCost: numberText(params.nodeCostPerMonth),
    notes: '',
  };
}

export function valuesFromProfile(profile: InvestmentProfile): ProfileFormValues {
  return {
    profileName: profile.profileName,
    investmentAmount: numberText(profile.investmentAmount),
    targetTimeframe: numberText(profile.targetTimeframe),
    targetEarnings: numberText(profile.targetEarnings),
    riskTolerance: profile.riskTolerance,
    preferredShmPrice: numberText(profile.preferredShmPrice),
    customNodeCost: numberText(profile.customNodeCost),
    notes: profile.notes ?? '',
  };
}

/**
 * The request fields. No checks here (spec §5: none on the client); the server answers each bad
 * field by name. An empty number is 0; empty notes are left out, or sent empty when `clearNotes`
 * (an edit that removes them).
 */
export function toProfileFields(values: ProfileFormValues, { clearNotes = false } = {}): ProfileFields {
  const notes = values.notes.trim();
  return {
    profileName: values.profileName.trim(),
    investmentAmount: textToNumber(values.investmentAmount),
    targetTimeframe: textToNumber(values.targetTimeframe),
    targetEarnings: textToNumber(values.targetEarnings),
    riskTolerance: values.riskTolerance,
    preferredShmPrice: textToNumber(values.preferredShmPrice),
    customNodeCost: textToNumber(values.customNodeCost),
    ...(notes || clearNotes ? { notes } : {}),
  };
}

/** Copy: the same fields under "<name> (Copy)"; the copy is never made the default. */
export function copyRequest(profile: InvestmentProfile): Omit<CreateProfileRequest, 'walletAddress'> {
  const { id: _id, walletAddress: _wallet, isDefault: _default, createdAt: _created, updatedAt: _updated, ...fields } = profile;
  return { ...fields, profileName: copyName(profile.profileName), isDefault: false };
}

/** What a profile sets in the calculator: the planning inputs, the target price and the node cost. */
export function paramsFromProfile(profile: InvestmentProfile, params: CalculatorParams): CalculatorParams {
  return {
    ...params,
    investmentAmount: profile.investmentAmount,
    targetTimeframe: profile.targetTimeframe,
    targetEarnings: profile.targetEarnings,
    targetShmPrice: profile.preferredShmPrice,
    nodeCostPerMonth: profile.customNodeCost,
  };
}
