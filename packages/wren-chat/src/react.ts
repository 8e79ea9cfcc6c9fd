/** `<WrenChat … />` and `useWren()` for React 18 and 19 (docs/apps.md#react-and-preact). */
import * as React from 'react';
import type { ReactElement, ReactNode } from 'react';
import type { WrenHandle, WrenOptions } from 'wren-chat';
import { type ComponentLibrary, wrenComponents } from './adapter';

export interface WrenChatProps extends WrenOptions {
  children?: ReactNode;
}

const components = wrenComponents(React as unknown as ComponentLibrary);

/** Loads the widget while mounted; renders its children and nothing else. */
export const WrenChat = components.WrenChat as (props: WrenChatProps) => ReactElement;
/** The handle of the `<WrenChat>` around the caller: null until it has mounted, and on the server. */
export const useWren: () => WrenHandle | null = components.useWren;
