import { CONFETTI_DURATION_MS, CONFETTI_PARTICLES } from '../config/constants';

/** One piece of confetti: position and speed in px (per second), spin, colour and size. */
export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  angle: number;
  spin: number;
  color: string;
  size: number;
}

const COLORS = ['#4f46e5', '#7c3aed', '#059669', '#f59e0b', '#ef4444', '#0ea5e9'] as const;
const GRAVITY = 900; // px/s²

/** `count` particles bursting upward from the top third of a `width` × `height` area. */
export function createParticles(count: number, width: number, height: number, random: () => number = Math.random): Particle[] {
  return Array.from({ length: count }, () => ({
    x: width * (0.2 + random() * 0.6),
    y: height * (0.25 + random() * 0.1),
    vx: (random() - 0.5) * 700,
    vy: -(300 + random() * 500),
    angle: random() * Math.PI * 2,
    spin: (random() - 0.5) * 12,
    color: COLORS[Math.floor(random() * COLORS.length)] ?? COLORS[0],
    size: 6 + random() * 6,
  }));
}

/** Moves every particle `dt` seconds on (gravity pulls them down). */
export function stepParticles(particles: Particle[], dt: number): void {
  for (const p of particles) {
    p.vy += GRAVITY * dt;
    p.x += p.vx * dt;
    p.y += p.vy * dt;
    p.angle += p.spin * dt;
  }
}

/**
 * A confetti burst over the page (spec §2.1: 3 s, 80 particles) on a canvas that ignores the pointer.
 * Nothing is drawn for visitors who prefer reduced motion. Returns a function that stops it early.
 */
export function launchConfetti({ durationMs = CONFETTI_DURATION_MS, count = CONFETTI_PARTICLES } = {}): () => void {
  if (typeof document === 'undefined' || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return () => {};
  const canvas = document.createElement('canvas');
  canvas.className = 'confetti-canvas';
  canvas.setAttribute('aria-hidden', 'true');
  canvas.dataset.particles = String(count);
  const scale = window.devicePixelRatio || 1;
  const width = window.innerWidth;
  const height = window.innerHeight;
  canvas.width = width * scale;
  canvas.height = height * scale;
  Object.assign(canvas.style, { position: 'fixed', inset: '0', width: '100vw', height: '100vh', pointerEvents: 'none', zIndex: '2000' });
  document.body.appendChild(canvas);
  const context = canvas.getContext('2d');
  const particles = createParticles(count, width, height);
  const started = performance.now();
  let last = started;
  let frame = 0;

  const stop = () => {
    cancelAnimationFrame(frame);
    canvas.remove();
  };
  const draw = (time: number) => {
    const elapsed = time - started;
    if (elapsed >= durationMs || !context) return stop();
    stepParticles(particles, Math.min(0.05, (time - last) / 1000));
    last = time;
    context.setTransform(scale, 0, 0, scale, 0, 0);
    context.clearRect(0, 0, width, height);
    context.globalAlpha = Math.min(1, (durationMs - elapsed) / 600); // fade out over the last 0.6 s
    for (const p of particles) {
      context.save();
      context.translate(p.x, p.y);
      context.rotate(p.angle);
      context.fillStyle = p.color;
      context.fillRect(-p.size / 2, -p.size / 4, p.size, p.size / 2);
      context.restore();
    }
    frame = requestAnimationFrame(draw);
  };
  frame = requestAnimationFrame(draw);
  return stop;
}
