import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n/index.ts';
// antd's styles as one static file instead of generated at run time (App.tsx: zeroRuntime); before
// ours, so that our overrides of equal specificity win as they did over the generated ones.
import 'antd/dist/antd.css';
import './styles.css';
import { App } from './App.tsx';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
