// A scratch app's React page: the widget lives with <WrenChat>, which a "page" of the app mounts.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useWren, WrenChat } from 'wren-chat/react';

declare const WIDGET_ORIGIN: string;
declare const WEBSITE_TOKEN: string;

function AskButton() {
  const wren = useWren();
  return (
    <button type="button" disabled={!wren} onClick={() => wren?.toggle('open')}>
      Ask us
    </button>
  );
}

function App() {
  const [inShop, setInShop] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setInShop(!inShop)}>
        {inShop ? 'Leave the shop' : 'Back to the shop'}
      </button>
      {inShop && (
        <WrenChat baseUrl={WIDGET_ORIGIN} websiteToken={WEBSITE_TOKEN}>
          <AskButton />
        </WrenChat>
      )}
    </>
  );
}

createRoot(document.querySelector('#root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
