import { isDismissSwipe } from './swipe';

describe('isDismissSwipe', () => {
  it('when the drag to the right is longer than 50 px, then the toast is dismissed', () => {
    expect(isDismissSwipe(51)).toBe(true);
    expect(isDismissSwipe(200)).toBe(true);
  });

  it('when the drag is 50 px or less, or to the left, then the toast stays', () => {
    expect(isDismissSwipe(50)).toBe(false);
    expect(isDismissSwipe(10)).toBe(false);
    expect(isDismissSwipe(-120)).toBe(false);
  });
});
