import { createParticles, stepParticles } from './confetti';

describe('confetti particles', () => {
  it('when a burst is made, then it has the asked number of particles, all starting inside the area and moving up', () => {
    const particles = createParticles(80, 1000, 800);
    expect(particles).toHaveLength(80);
    for (const p of particles) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(1000);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.vy).toBeLessThan(0);
    }
  });

  it('when time passes, then gravity slows the rise and pulls particles down', () => {
    const [p] = createParticles(1, 100, 100, () => 0.5);
    const before = { ...p! };
    stepParticles([p!], 1);
    expect(p!.vy).toBeGreaterThan(before.vy);
    expect(p!.y).toBeGreaterThan(before.y + before.vy);
  });
});
