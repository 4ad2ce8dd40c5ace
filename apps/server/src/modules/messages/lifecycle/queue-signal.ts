// Wakes the dispatchers of this process when messages are queued, so a send goes out at once
// instead of at the next poll. Other processes (workers) find the rows by polling; the signal is
// only a shortcut, never the source of truth.
type Listener = () => void;

const listeners = new Set<Listener>();

export function onMessagesQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyMessagesQueued(): void {
  for (const listener of listeners) listener();
}
