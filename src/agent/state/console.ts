import { signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { AgentProfile } from '../../shared/applicationApi';
import type { ConversationStatus } from '../../shared/types';
import { AgentApiError, type AgentClient } from '../api/client';
import * as endpoints from '../api/endpoints';
import type { AgentSession } from '../session';
import { createConversationsModel, type ConversationsModel } from './conversations';
import { createThreadModel, type ThreadModel } from './thread';

export type ConnectionState = 'connecting' | 'live' | 'lost';

/** Everything the console shows once the agent is signed in, for the first account they belong to. */
export interface Workspace {
  profile: AgentProfile;
  accountId: number;
  conversations: ConversationsModel;
  thread: ThreadModel;
  connection: Signal<ConnectionState>;
  /** The last action that failed, in a sentence; null once dismissed or after a success. */
  error: Signal<string | null>;
  /** Opens a conversation (null: back to the list) and clears its unread mark. */
  select(id: number | null): void;
  /** Sends a reply; resolves false when it failed (the draft stays). */
  reply(content: string): Promise<boolean>;
  setStatus(status: ConversationStatus): Promise<void>;
  /** After a reconnect: the list and the open conversation catch up. */
  resync(): Promise<void>;
}

export interface ConsoleState {
  /** null while signed out. */
  workspace: ReadonlySignal<Workspace | null>;
  /** Whether the stored token is being checked (no form flashes up for a valid link). */
  signingIn: ReadonlySignal<boolean>;
  signInError: ReadonlySignal<string | null>;
  /** Signs in with `token`, or with the stored one. */
  signIn(token?: string): Promise<void>;
  signOut(): void;
}

export interface ConsoleOptions {
  session: AgentSession;
  client: AgentClient;
  /** Connects the workspace to the cable; returns how to disconnect it. */
  connect(workspace: Workspace): () => void;
}

/** Creates the console's state; call `signIn()` to start with a stored token. */
export function createConsole({ session, client, connect }: ConsoleOptions): ConsoleState {
  const workspace = signal<Workspace | null>(null);
  const signingIn = signal(false);
  const signInError = signal<string | null>(null);
  let disconnect: (() => void) | undefined;

  const request: <T>(endpoint: endpoints.Endpoint<T>) => Promise<T> = (endpoint) => client.request(endpoint);

  function signOut() {
    disconnect?.();
    disconnect = undefined;
    workspace.value?.thread.stopTyping();
    session.forget();
    workspace.value = null;
  }

  function open(profile: AgentProfile): Workspace {
    const accountId = profile.accounts[0].id;
    const conversations = createConversationsModel(request, accountId);
    const thread = createThreadModel(request, accountId);
    const error = signal<string | null>(null);
    /** Runs `action`; a failure becomes `error`, a refused token signs out. */
    const attempt = async <T>(action: () => Promise<T>): Promise<T | undefined> => {
      try {
        const result = await action();
        error.value = null;
        return result;
      } catch (failure) {
        if (failure instanceof AgentApiError && failure.unauthorized) signOut();
        else error.value = failure instanceof Error ? failure.message : String(failure);
        return undefined;
      }
    };
    const ws: Workspace = {
      profile,
      accountId,
      conversations,
      thread,
      connection: signal<ConnectionState>('connecting'),
      error,
      select(id) {
        if (id !== null) conversations.markRead(id);
        void attempt(() => thread.open(id));
      },
      async reply(content) {
        const sent = await attempt(async () => {
          await thread.send(content);
          return true;
        });
        return sent ?? false;
      },
      async setStatus(status) {
        const id = thread.id.value;
        if (id === null) return;
        const answer = await attempt(() => request(endpoints.toggleStatus(accountId, id, status)));
        const known = conversations.find(id);
        // The cable confirms it too; the answer alone already moves the button.
        if (answer && known) conversations.upsert({ ...known, status: answer.payload.current_status });
      },
      async resync() {
        await attempt(() => Promise.all([conversations.load(), thread.catchUp()]));
      },
    };
    return ws;
  }

  async function signIn(token?: string) {
    if (token !== undefined) session.save(token.trim());
    if (!session.token()) return;
    signingIn.value = true;
    signInError.value = null;
    try {
      const profile = await client.request(endpoints.getProfile());
      if (profile.accounts.length === 0) throw new Error('This agent belongs to no account.');
      const ws = open(profile);
      workspace.value = ws;
      disconnect = connect(ws);
      await ws.conversations.load().catch((failure: Error) => (ws.error.value = failure.message));
    } catch (failure) {
      session.forget();
      signInError.value =
        failure instanceof AgentApiError && failure.unauthorized
          ? 'That token was not accepted. Copy the API access token from the start banner.'
          : failure instanceof Error
            ? failure.message
            : String(failure);
    } finally {
      signingIn.value = false;
    }
  }

  return { workspace, signingIn, signInError, signIn, signOut };
}
