/**
 * Shardeum's own version test, copied so a node is called "below the minimum" exactly when the network
 * refuses it: shardeum/shardeum c08fc1e src/utils/general.ts `isEqualOrNewerVersion(minimumVersion,
 * testVersion)`, which `validateJoinRequest` and `canStayOnStandby` (src/index.ts) apply to a join
 * request's `appJoinData.version` against `current.minVersion`. Not semver (no library does this): the
 * parts of the tested version are compared as integers by `~~` (a part that is not a number counts 0,
 * so `1.16.3-beta` compares as `1.16.0`), only as many parts as the tested version has, and a tie that is not the
 * same string is "older": `1.17` is below `1.17.0`, and so is `1.17.0` below `1.17`.
 */
export function isEqualOrNewerVersion(minimumVersion: string, testVersion: string): boolean {
  if (minimumVersion === testVersion) return true;
  const minParts = minimumVersion.split('.');
  const testParts = testVersion.split('.');
  for (let i = 0; i < testParts.length; i++) {
    const test = toInt(testParts[i]);
    const min = toInt(minParts[i]);
    if (test > min) return true;
    if (test < min) return false;
  }
  return false;
}

/** Shardeum's `~~part`: the number truncated to a 32-bit integer, 0 for anything not a number (and a missing part). */
const toInt = (part: string | undefined): number => Number(part) | 0;

export const isBelowMinimum = (version: string, minimum: string): boolean => !isEqualOrNewerVersion(minimum, version);
