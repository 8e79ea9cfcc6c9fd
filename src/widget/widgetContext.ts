import { createContext, useContext } from 'react';
import type { WidgetState } from './state/widget';

export const WidgetContext = createContext<WidgetState | null>(null);

/** The widget state, for views (components take props instead). */
export function useWidget(): WidgetState {
  const state = useContext(WidgetContext);
  if (!state) throw new Error('useWidget() outside <WidgetContext.Provider>');
  return state;
}
