import { renderToStaticMarkup } from 'react-dom/server';
import { deferred, lazyRoute } from './lazy-component';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyRoute and deferred: components whose code loads on first use', () => {
  it('when preloaded twice, then the code is fetched once', async () => {
    const load = jest.fn(async () => Hello);
    const Route = lazyRoute(load);
    await Promise.all([Route.preload(), Route.preload()]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when a fetch fails, then the next preload fetches again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello);
    const Part = deferred('part', load);
    await expect(Part.preload()).rejects.toThrow('offline');
    await expect(Part.preload()).resolves.toBe(Hello);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when a route is preloaded, then it renders at once with its props (no suspending)', async () => {
    const Route = lazyRoute(async () => Hello);
    await Route.preload();
    expect(renderToStaticMarkup(<Route name="network" />)).toBe('<p>Hello network</p>');
  });

  it('when a deferred part has not loaded, then it renders nothing; once loaded, the part itself', async () => {
    const Part = deferred('hello', async () => Hello);
    expect(renderToStaticMarkup(<Part name="gate" />)).toBe('');
    await Part.preload();
    expect(renderToStaticMarkup(<Part name="gate" />)).toBe('<p>Hello gate</p>');
  });
});
