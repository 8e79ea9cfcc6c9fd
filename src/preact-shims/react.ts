/**
 * `react` for the widget's build: the part of React's API the widget uses, straight from
 * Preact's core and hooks. `preact/compat` would add 2 KB (brotli) of emulation the widget does
 * not need; code written against this surface still type-checks against React's types.
 */
export { createContext, createElement, Fragment } from 'preact';
export { useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';
