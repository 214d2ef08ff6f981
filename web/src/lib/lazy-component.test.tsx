import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { clientOnly, lazyPart } from './lazy-component';

const Hello = ({ name }: { name: string }) => <p>{`Hello ${name}`}</p>;

async function prerendered(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

describe('lazyPart and clientOnly: parts whose code loads on first use', () => {
  it('when preloaded twice, then the code is fetched once', async () => {
    const load = jest.fn(async () => Hello);
    const Part = lazyPart(load);
    await Promise.all([Part.preload(), Part.preload()]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when a fetch fails, then the next preload fetches again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello);
    const Part = lazyPart(load);
    await expect(Part.preload()).rejects.toThrow('offline');
    await expect(Part.preload()).resolves.toBe(Hello);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when the server renders a part whose code has not loaded, then it waits for it and the page holds the part', async () => {
    const Part = lazyPart(async () => Hello);
    expect(await prerendered(<Part name="network" />)).toContain('<p>Hello network</p>');
  });

  it('when the server renders a browser-only part, then the page holds nothing for it', async () => {
    const Part = clientOnly(async () => Hello);
    await Part.preload();
    expect(await prerendered(<Part name="wallet" />)).not.toContain('Hello');
    expect(renderToStaticMarkup(<Part name="wallet" />)).toBe('');
  });
});
