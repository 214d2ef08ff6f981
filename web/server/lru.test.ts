import { Lru } from './lru';

describe('Lru', () => {
  it('when more entries than its capacity are set, then the least recently used ones are forgotten', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now more recent than b
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });

  it('when a key is set again, then it holds the new value and counts once', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('a', 2);
    expect(lru.get('a')).toBe(2);
    expect(lru.size).toBe(1);
    lru.delete('a');
    expect(lru.get('a')).toBeUndefined();
  });
});
