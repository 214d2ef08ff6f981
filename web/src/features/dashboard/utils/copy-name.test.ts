import { copyName } from './copy-name';

describe('copyName', () => {
  it('when the name is short, then " (Copy)" is added', () => {
    expect(copyName('Two nodes')).toBe('Two nodes (Copy)');
  });

  it('when the name has 80 characters, then it is cut to 73 so the copy has exactly 80', () => {
    const name = 'a'.repeat(80);
    const copy = copyName(name);
    expect(copy).toBe(`${'a'.repeat(73)} (Copy)`);
    expect(copy).toHaveLength(80);
  });

  it('when the name has 73 characters, then nothing is cut (73 + 7 = 80)', () => {
    expect(copyName('b'.repeat(73))).toHaveLength(80);
    expect(copyName('b'.repeat(74))).toBe(`${'b'.repeat(73)} (Copy)`);
  });

  it('when the cut ends on a space, then the space goes too', () => {
    // 72 letters, a space, then more: the first 73 characters end with the space.
    expect(copyName(`${'c'.repeat(72)} tail`)).toBe(`${'c'.repeat(72)} (Copy)`);
  });

  it('when the cut would split an emoji, then the half is dropped', () => {
    // 72 letters then 🚀 (two UTF-16 units): the 73rd unit is the emoji's first half.
    expect(copyName(`${'d'.repeat(72)}🚀🚀`)).toBe(`${'d'.repeat(72)} (Copy)`);
  });

  it('when copying a copy, then it becomes "… (Copy) (Copy)"', () => {
    expect(copyName('Plan (Copy)')).toBe('Plan (Copy) (Copy)');
  });
});
