import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { HostUser } from '../../shared/protocol';
import * as endpoints from '../api/endpoints';
import type { HostBridge } from '../host/bridge';
import type { HostCall } from './request';

export interface SessionDeps {
  hostCall: HostCall;
  bridge: HostBridge;
  /** The tokens `/widget` rendered into its data block. */
  authToken: string;
  pubsubToken: string;
  /** The server answered with another visitor: drop what the widget holds of the last one and reload. */
  onSwitch(): Promise<void>;
}

/**
 * Who the visitor is to the server: their identity (`$chatwoot.setUser`), the token every widget
 * call carries (`X-Auth-Token`), the token their realtime subscription uses, and whether that
 * connection is down (docs/embedding.md#windowchatwoot, docs/protocol.md#connection-behaviour).
 */
export function createSessionModel({ hostCall, bridge, authToken: bootAuthToken, pubsubToken: bootPubsubToken, onSwitch }: SessionDeps) {
  const identifier = signal<string | undefined>(undefined);
  const authToken = signal(bootAuthToken);
  const pubsubToken = signal(bootPubsubToken);
  const connectionLost = signal(false);

  return {
    /** The host's `identifier` once the server accepted it; undefined for an anonymous visitor. */
    identifier: identifier as ReadonlySignal<string | undefined>,
    authToken: authToken as ReadonlySignal<string>,
    pubsubToken: pubsubToken as ReadonlySignal<string>,
    connectionLost: connectionLost as ReadonlySignal<boolean>,

    /**
     * `$chatwoot.setUser`: sends the identity (profile extras folded into `additional_attributes`).
     * When the server answers with another contact the widget takes its tokens, hands the new
     * auth token to the host's cookie (and to a React Native app, which Chatwoot forgets) and
     * reloads as that visitor. A refused identity reaches the host as `SET_USER_ERROR`. Says
     * whether the server took it.
     */
    async identify(id: string | number, user: HostUser): Promise<boolean> {
      const { company_name, city, country_code, description, social_profiles, custom_attributes, ...profile } = user;
      const result = await hostCall(
        endpoints.setUser({
          ...profile,
          identifier: String(id),
          custom_attributes,
          additional_attributes: { company_name, city, country_code, description, social_profiles },
        }),
        'SET_USER_ERROR',
      );
      if (!result) return false;
      identifier.value = String(id);
      if (result.pubsub_token) pubsubToken.value = result.pubsub_token;
      const token = result.widget_auth_token;
      if (token) {
        authToken.value = token;
        bridge.send('setAuthCookie', { data: { widgetAuthToken: token } });
        if (bridge.inNativeApp) bridge.sendNative({ type: 'auth-token', value: token });
      }
      if (token || user.identifier_hash) await onSwitch();
      return true;
    },

    /** The contact was merged into another (`contact.merged`): the subscription follows its token. */
    setPubsubToken(token: string) {
      pubsubToken.value = token;
    },

    /** The realtime connection dropped (true) or came back (false); the shell shows a banner meanwhile. */
    setConnectionLost(lost: boolean) {
      connectionLost.value = lost;
    },
  };
}
