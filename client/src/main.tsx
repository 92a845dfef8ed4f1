import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { applyStoredTheme } from '@/lib/theme';
import '@/styles/theme.css';
import '@/styles/base.css';
import '@/styles/ui.css';
import '@/styles/layout.css';
import '@/styles/auth.css';

applyStoredTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
