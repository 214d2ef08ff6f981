import { toCycleRecord } from './archiver.cycle-record';
import { CycleInfoReplySchema } from './archiver.schemas';
import { cycleData, p2pNode } from './fixtures/cycle-data';

/** A join request as core writes it into standbyAdd (lib-types JoinTypes.ts JoinRequest); `appJoinData` as shardeum's getJoinData fills it. */
const joinRequest = (digit: string, appJoinData?: unknown) => ({
  nodeInfo: p2pNode(digit),
  selectionNum: 'f'.repeat(64),
  cycleMarker: '0'.repeat(64),
  proofOfWork: '',
  version: '1.0.0', // core's version, not shardeum's: never read
  sign: { owner: digit.repeat(64), sig: 'a'.repeat(128) },
  ...(appJoinData === undefined ? {} : { appJoinData }),
});

const parse = (lists: Record<string, unknown>) => {
  const [raw] = CycleInfoReplySchema.parse({ cycleInfo: [cycleData(7, lists)] }).cycleInfo;
  if (!raw) throw new Error('no record');
  return toCycleRecord(raw);
};

describe('toCycleRecord: the versions of standby join requests', () => {
  it('keeps each request’s appJoinData.version by public key, and still every key of requests without a usable one', () => {
    const record = parse({
      standbyAdd: [
        joinRequest('1', { version: '1.16.3', stakeCert: null, adminCert: null, mustUseAdminCert: false }),
        joinRequest('2'),
        joinRequest('3', { version: { major: 1 } }),
        joinRequest('4', { version: '1.16.3; rm -rf' }),
        joinRequest('5', null),
      ],
    });
    expect(record.standbyAdded).toEqual(['1', '2', '3', '4', '5'].map((d) => d.repeat(64)));
    expect(record.standbyVersions).toEqual({ ['1'.repeat(64)]: '1.16.3' });
  });

  it('leaves standbyVersions out when no request names a version (as records stored before it have none)', () => {
    expect(parse({ standbyAdd: [joinRequest('2')] })).not.toHaveProperty('standbyVersions');
    expect(parse({})).not.toHaveProperty('standbyVersions');
  });
});
