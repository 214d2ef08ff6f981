// The first script of a page the server rendered (web/server/render-page.ts): the page is whole
// without the app's code, so that code is fetched only once the browser has painted the page, and
// never competes with the page (its text, styles and fonts) for the first paint. Then the app (and
// the code of the parts the server rendered) loads and takes the page over (src/main.tsx).
const script = document.querySelector('script[data-app-entry]');
let started = false;
const start = () => {
  if (started || !script) return;
  started = true;
  for (const href of (script.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(script.dataset.appEntry);
};
// After the next frame (the first paint); a page opened in a background tab gets no frames, so a timer too.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 1000);
