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
    const [particle] = createParticles(1, 100, 100, () => 0.5);
    if (!particle) throw new Error('createParticles(1) made no particle');
    const before = { ...particle };
    stepParticles([particle], 1);
    expect(particle.vy).toBeGreaterThan(before.vy);
    expect(particle.y).toBeGreaterThan(before.y + before.vy);
  });
});
