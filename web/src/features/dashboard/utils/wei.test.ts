import { formatWei, subtractWei, sumWei, weiToShm } from './wei';

describe('wei as SHM text', () => {
  it('when the example payout 2,400 SHM + 20 SHM − 4.056959714390036106 SHM fee, then every wei is kept', () => {
    // 2,420e18 − 4,056,959,714,390,036,106 = 2,415,943,040,285,609,963,894 wei.
    expect(formatWei('2415943040285609963894')).toBe('2,415.943040285609963894 SHM');
    expect(weiToShm('2415943040285609963894')).toBe('2415.943040285609963894');
  });

  it('when one wei above a whole amount, then the eighteenth decimal shows (a float would lose it)', () => {
    expect(formatWei('20000000000000000001')).toBe('20.000000000000000001 SHM');
    expect(Number('20000000000000000001') / 1e18).toBe(20);
  });

  it('when whole, zero, one wei or negative, then no trailing zeros, "0", the smallest unit and a minus sign', () => {
    expect(formatWei('20000000000000000000')).toBe('20 SHM');
    expect(formatWei('2400000000000000000000')).toBe('2,400 SHM');
    expect(formatWei('0')).toBe('0 SHM');
    expect(formatWei('1')).toBe('0.000000000000000001 SHM');
    expect(formatWei('500000000000000000')).toBe('0.5 SHM');
    expect(formatWei('-4056959714390036106')).toBe('−4.056959714390036106 SHM');
    expect(weiToShm('-4056959714390036106')).toBe('-4.056959714390036106');
    expect(formatWei('1234567000000000000000000')).toBe('1,234,567 SHM');
  });

  it('when summed or subtracted, then exact beyond 2^53', () => {
    // 3 × 9,007,199,254,740,993 = 27,021,597,764,222,979 (each is 2^53 + 1, which a double cannot hold).
    expect(sumWei(['9007199254740993', '9007199254740993', '9007199254740993'])).toBe('27021597764222979');
    expect(sumWei([])).toBe('0');
    expect(subtractWei('2415943040285609963894', '20000000000000000000')).toBe('2395943040285609963894');
  });
});
