import { virtual } from '@guidepup/virtual-screen-reader';

// Bundled by screenReader.ts and run in every frame of the page before its own scripts: in the
// chat frame it starts the virtual screen reader on the widget once the widget has rendered
// (it needs something to read to start listening for focus), and leaves other documents alone.
declare global {
  interface Window {
    screenReader?: typeof virtual;
  }
}

if (location.pathname === '/widget')
  addEventListener('DOMContentLoaded', () => {
    const app = document.getElementById('app')!;
    const start = () => {
      if (!app.firstElementChild || window.screenReader) return;
      watch.disconnect();
      window.screenReader = virtual;
      void virtual.start({ container: document.body });
    };
    const watch = new MutationObserver(start);
    watch.observe(app, { childList: true });
    start();
  });
