/** The widget's HTTP API: request builders (endpoints) and the one client that performs them. */
export * from './client';
export * as endpoints from './endpoints';
