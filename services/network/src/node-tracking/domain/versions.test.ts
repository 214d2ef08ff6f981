import { isBelowMinimum, isEqualOrNewerVersion } from './versions';

// Shardeum has no tests of isEqualOrNewerVersion at c08fc1e; the cases are its own figures (the
// initial minVersion 1.14.2 of src/shardeum/initialNetworkParameters.ts, the beta account's 1.11.2 of
// src/types/NetworkAccount.ts) and its rules worked through by hand (versions.ts).
describe("shardeum's version test (isEqualOrNewerVersion)", () => {
  it.each([
    ['1.14.2', '1.14.2', true], // the same string
    ['1.14.2', '1.14.3', true],
    ['1.14.2', '1.15.0', true], // 15 > 14 decides before the last part
    ['1.14.2', '2.0.0', true],
    ['1.14.2', '1.14.1', false],
    ['1.14.2', '1.9.9', false], // numbers, not text: 9 < 14
    ['1.11.2', '1.11.10', true], // 10 > 2 (text order would say otherwise)
    ['1.17.0', '1.16.3', false],
    ['1.17.0', '1.17', false], // only the tested version's parts are compared; a tie that is not the same string is older
    ['1.17', '1.17.0', false], // the missing minimum part counts 0: a tie again, so older
    ['1.17.0', '1.17.0.1', true], // a fourth part above the missing 0
    ['1.16.0', '1.16.3-beta', false], // '3-beta' counts 0: 1, 16, 0 ties with 1, 16, 0 and the strings differ
    ['1.16.0', '1.16.4-beta', false], // the same: any pre-release tag zeroes its part
  ])('minimum %s, version %s → %s', (minimum, version, expected) => {
    expect(isEqualOrNewerVersion(minimum, version)).toBe(expected);
  });

  it('calls a version below the minimum exactly when shardeum would refuse its join', () => {
    expect(isBelowMinimum('1.16.3', '1.17.0')).toBe(true);
    expect(isBelowMinimum('1.17.0', '1.17.0')).toBe(false);
    expect(isBelowMinimum('1.17.1', '1.17.0')).toBe(false);
    expect(isBelowMinimum('1.16.3-beta', '1.16.1')).toBe(true); // compares as 1.16.0
  });
});
