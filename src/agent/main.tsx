/**
 * The agent console at `/agent` (docs/architecture.md#the-pieces): a demo and test aid of the
 * reference server that answers the demo's visitors through the Application API and the cable,
 * never part of the widget. Signs in with a stored token (or the banner link's), else shows the form.
 */
import { createRoot } from 'react-dom/client';
import { createAgentClient } from './api/client';
import { connectWorkspace } from './realtime';
import { createSession } from './session';
import { createConsole, type ConsoleState } from './state/console';
import { Console } from './views/Console';
import { SignIn } from './views/SignIn';
import './agent.css';

const session = createSession({ storage: sessionStorage, location, history });
const state = createConsole({ session, client: createAgentClient(session.token), connect: (ws) => connectWorkspace(ws) });

function App({ console: consoleState }: { console: ConsoleState }) {
  const ws = consoleState.workspace.value;
  if (ws) return <Console console={consoleState} ws={ws} />;
  // A stored token is being checked: no form flashes up before the console.
  if (consoleState.signingIn.value && !consoleState.signInError.value && session.token()) return <p className="starting">Signing in…</p>;
  return <SignIn console={consoleState} />;
}

createRoot(document.getElementById('app')!).render(<App console={state} />);
void state.signIn();
