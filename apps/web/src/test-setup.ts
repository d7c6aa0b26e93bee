import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

// vitest runs without globals: unmount what each test rendered.
afterEach(() => cleanup());

// The `web` project's files share a worker (isolate: false, vitest.config.ts): each file starts on an empty page (a
// portal or a node another file left would be found twice) and leaves no fake timer or stubbed global behind.
beforeAll(() => {
  document.body.innerHTML = '';
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// findBy*/waitFor wait up to 5 s: two cores run the api and web suites side by side, and a Mantine dialog's first
// render can take more than the default second there. A test still fails when what it waits for never comes.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that Mantine uses.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as any).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};
// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() } });
}
