// The seed agent at work, as if their console were open: a sign of life every 5 s, well inside
// the 25 s one counts for (docs/protocol.md#presence). The e2e run and the benchmarks measure a
// team that answers: an away team would add the e-mail question (and the chunk that draws it)
// to every first message, depending on how long ago something last called the Application API.

/**
 * Starts at once, and calls every 200 ms until the server answers, so the agent is at work
 * from the moment it listens.
 * @param {string} origin the reference server
 * @param {string} apiAccessToken the agent's access token
 */
export function keepAgentAtWork(origin, apiAccessToken) {
  const signOfLife = () => fetch(`${origin}/api/v1/profile`, { headers: { api_access_token: apiAccessToken } });
  let timer;
  let stopped = false;
  const next = (ms) => {
    timer = setTimeout(async () => {
      // Not listening yet, restarting or stopping: try again soon.
      const answered = await signOfLife().then(
        (response) => response.ok,
        () => false,
      );
      if (!stopped) next(answered ? 5_000 : 200);
    }, ms);
  };
  next(0);
  return {
    signOfLife,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
