import type { InvestmentProfile } from '@shm/contracts';
import { pickActiveProfile } from './active-profile';

const profile = (id: string, isDefault = false) => ({ id, isDefault, profileName: id }) as InvestmentProfile;

describe('pickActiveProfile', () => {
  const list = [profile('newest'), profile('default', true), profile('oldest')];

  it('when nothing was picked, then the default is active', () => {
    expect(pickActiveProfile(list, null)?.id).toBe('default');
  });

  it('when one was picked, then it is active', () => {
    expect(pickActiveProfile(list, 'oldest')?.id).toBe('oldest');
  });

  it('when the picked one was deleted, then the default again', () => {
    expect(pickActiveProfile(list, 'gone')?.id).toBe('default');
  });

  it('when there are no profiles (or they are loading), then none', () => {
    expect(pickActiveProfile([], 'x')).toBeNull();
    expect(pickActiveProfile(undefined, null)).toBeNull();
  });

  it('when the list has no default (between a delete and its refetch), then the first', () => {
    expect(pickActiveProfile([profile('a'), profile('b')], null)?.id).toBe('a');
  });
});
