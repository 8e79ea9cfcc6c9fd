import { useState } from 'react';
import type { ConsoleState } from '../state/console';

/** The sign-in form: the `api_access_token` the start banner prints. */
export function SignIn({ console: state }: { console: ConsoleState }) {
  const [token, setToken] = useState('');
  const error = state.signInError.value;
  return (
    <main className="signin">
      <h1>Wren agent console</h1>
      <p>
        Answer the demo's visitors here. Sign in with the <strong>API access token</strong> the server printed when it started, or open the
        console link from that banner.
      </p>
      <form
        className="signin__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (token.trim()) void state.signIn(token);
        }}
      >
        <label htmlFor="token">API access token</label>
        <input
          id="token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          value={token}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'signin-error' : undefined}
          onInput={(event) => setToken(event.currentTarget.value)}
        />
        {error && (
          <p id="signin-error" className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={state.signingIn.value}>
          Sign in
        </button>
      </form>
      <p className="signin__note">
        A demo and test aid of the reference server, not a help desk. For a real team, run Wren in gateway mode (<code>CHATWOOT_URL</code>)
        in front of Chatwoot and answer in Chatwoot's dashboard.
      </p>
    </main>
  );
}
