import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import './app/styles.css';
import { App } from './app/app';
import { preloadRoute } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const container = root;

// A page other than the calculator comes in a chunk of its own (its HTML preloads it): the first
// render waits for it, so the page paints whole at once.
void preloadRoute(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
