/** `<WrenChat … />` and `useWren()` for Preact 10 (docs/apps.md#react-and-preact). */
import { createContext, createElement, type ComponentChildren, type VNode } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { WrenHandle, WrenOptions } from 'wren-chat';
import { type ComponentLibrary, wrenComponents } from './adapter';

export interface WrenChatProps extends WrenOptions {
  children?: ComponentChildren;
}

const components = wrenComponents({ createContext, createElement, useContext, useEffect, useState } as unknown as ComponentLibrary);

/** Loads the widget while mounted; renders its children and nothing else. */
export const WrenChat = components.WrenChat as (props: WrenChatProps) => VNode;
/** The handle of the `<WrenChat>` around the caller: null until it has mounted, and on the server. */
export const useWren: () => WrenHandle | null = components.useWren;
