import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { KioskApp } from './App';
import './kiosk.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <KioskApp />
  </StrictMode>,
);
