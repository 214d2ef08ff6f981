import { chainBigint, NodeAccount2Schema } from './chain-values';
import { nodeAccount2, safeStringify, SHM } from './fixtures/chain-replies';

describe('chainBigint', () => {
  it.each([
    ['a safeStringify bigint', { dataType: 'bi', value: 'de0b6b3a7640000' }, 10n ** 18n],
    ['a negative safeStringify bigint', { dataType: 'bi', value: '-de0b6b3a7640000' }, -(10n ** 18n)],
    ['a convertBigIntsToHex string', '0x21e19e0c9bab2400000', 10_000n * 10n ** 18n],
    ['a bare hex string of an older row', '821ab0d44149800000', 2400n * 10n ** 18n],
    ['zero as the chain writes it', '0x0', 0n],
    ['a bigint already revived', 7n, 7n],
    ['the older __BigInt__ literal', { __BigInt__: '480000000000000000000' }, 480n * 10n ** 18n],
  ])('when it is %s, then it is read exactly', (_what, input, expected) => {
    expect(chainBigint.parse(input)).toBe(expected);
  });

  it.each([
    ['a JSON number (not exact past 2^53)', 1e18, /got number/],
    ['a decimal-looking word', 'twelve', /"twelve" is not a hex amount/],
    ['a bi object without hex', { dataType: 'bi', value: 'zz' }, /needs a hex value/],
    ['null', null, /got null/],
    ['an empty string', '', /is not a hex amount/],
  ])('when it is %s, then it is refused saying what it was', (_what, input, message) => {
    const parsed = chainBigint.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(message);
  });
});

describe('NodeAccount2Schema', () => {
  it('when an older account has hex strings, no rewardRate and no penaltyHistory, then it still reads, the rate as 0 (the claim then takes the current rate)', () => {
    const { nodeAccountStats, rewardRate: _rate, ...rest } = nodeAccount2();
    const { penaltyHistory: _history, ...stats } = nodeAccountStats;
    const old = JSON.parse(safeStringify({ ...rest, stakeLock: '821ab0d44149800000', reward: '0xd02ab486cedc0000', nodeAccountStats: stats })) as unknown;
    const read = NodeAccount2Schema.parse(old);
    expect(read.stakeLock).toBe(2400n * SHM);
    // 0xd02ab486cedc0000 = 15e18
    expect(read.reward).toBe(15n * SHM);
    expect(read.rewardRate).toBe(0n);
    expect(read.penaltyHistory).toEqual([]);
  });

  it('when the nominator is empty or null, then there is none', () => {
    expect(NodeAccount2Schema.parse(JSON.parse(safeStringify({ ...nodeAccount2(), nominator: '' }))).nominator).toBeNull();
    expect(NodeAccount2Schema.parse(JSON.parse(safeStringify({ ...nodeAccount2(), nominator: null }))).nominator).toBeNull();
  });
});
