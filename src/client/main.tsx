import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { connectApiClient } from './app/session-expiry';

const router = createAppRouter();
connectApiClient(router);

const container = document.getElementById('root');
if (!container) throw new Error('#root missing in index.html');

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

// The service worker is registered after the first render, from its own chunk.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void import('./pwa/register-sw').then((module) => module.registerServiceWorker());
  });
}
