import { networkDocs } from '@shm/contracts/network';
import { moneyKey, sampleMoney } from '../testing/money-samples';
import { csvField, incomeCsv, incomeCsvName, incomeLines } from './income-csv';

const HEADER = 'node,basis,date,kind,description,SHM,price (USD),value (USD),price source,tx';
const K = moneyKey;

describe('the income export', () => {
  it('when the contract’s example reply (a stake and one claimed 2 h period at $0.12), then a header and two rows, the stake not income', () => {
    const example = networkDocs().nodeMoney.responses[0]?.example;
    const reply = example as Parameters<typeof incomeLines>[0];
    const key = reply.publicKey;
    expect(incomeCsv(incomeLines(reply), 'usd')).toBe(
      [
        HEADER,
        `${key},not income,2025-11-19T09:00:00.000Z,stake,Stake locked,2400,,,,0x5b1e…`,
        // 7,200 s at 10 SHM/h = 20 SHM; × $0.12 = $2.40.
        `${key},accrual,2025-11-20T12:00:00.000Z,period,"Active period 1: 2025-11-20T10:00:00.000Z to 2025-11-20T12:00:00.000Z, 7200 s at 10 SHM/h (rule: same rate)",20,0.12,2.40,history,0x9a4c…`,
        '',
      ].join('\r\n'),
    );
  });

  it('when three periods, a penalty and an unstake, then one line each and two for the unstake, values to the cent, no price said', () => {
    const lines = incomeCsv(incomeLines(sampleMoney()), 'usd').split('\r\n');
    expect(lines).toEqual([
      HEADER,
      `${K},not income,2025-11-01T09:00:00.000Z,stake,Stake locked,2400,,,,0xstake`,
      `${K},accrual,2025-11-02T03:00:00.000Z,period,"Active period 1: 2025-11-02T00:00:00.000Z to 2025-11-02T03:00:00.000Z, 10800 s at 10 SHM/h (rule: same rate)",30,0.12,3.60,history,0xclaim1`,
      `${K},accrual,2025-11-05T13:30:00.000Z,period,"Active period 2: 2025-11-05T12:00:00.000Z to 2025-11-05T13:30:00.000Z, 5400 s at 12 SHM/h (rule: rate at claim)",18,0.125,2.25,price-api,0xclaim2`,
      // A loss of stake, not negative income: no value.
      `${K},not income,2025-11-06T08:00:00.000Z,penalty,Penalty (left early) taken from the stake,-480,0.11,,history,0xpenalty`,
      // No price on Nov 7: price and value empty, the source says so.
      `${K},accrual,2025-11-07T06:20:00.000Z,period,"Active period 3: 2025-11-07T06:00:00.000Z to 2025-11-07T06:20:00.000Z, 1200 s at 12 SHM/h (rule: rate at activation)",4,,,none,0xclaim3`,
      // 52 SHM × $0.13 = $6.76 received.
      `${K},receipt,2025-11-09T10:00:00.000Z,unstake,Reward paid out by the unstake,52,0.13,6.76,history,0xunstake`,
      // 1,967.943040285609963894 − 52 = 1,915.943040285609963894 (1,920 less the 4.056959714390036106 fee).
      `${K},not income,2025-11-09T10:00:00.000Z,unstake,Stake returned by the unstake (payout 1967.943040285609963894 SHM less the reward; fee 4.056959714390036106 SHM),1915.943040285609963894,0.13,,history,0xunstake`,
      '',
    ]);
  });

  it('when in euros, then the header names EUR; a portfolio’s lines join under one header', () => {
    const two = [...incomeLines(sampleMoney()), ...incomeLines(sampleMoney({ publicKey: 'ab'.repeat(32) }))];
    const csv = incomeCsv(two, 'eur');
    expect(csv.startsWith('node,basis,date,kind,description,SHM,price (EUR),value (EUR),price source,tx\r\n')).toBe(true);
    expect(csv.split('\r\n').filter((line) => line.startsWith('node,'))).toHaveLength(1);
    // 7 lines per node and the header; the file ends with a line break.
    expect(csv.split('\r\n')).toHaveLength(1 + 14 + 1);
  });

  it('when a field holds a comma, a quote or a line break, then it is quoted with its quotes doubled (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('names the file by node (or portfolio), currency and day', () => {
    expect(incomeCsvName('c0ffee00', 'gbp', new Date('2026-11-28T13:00:00Z'))).toBe('shm-income-c0ffee00-gbp-2026-11-28.csv');
  });
});
