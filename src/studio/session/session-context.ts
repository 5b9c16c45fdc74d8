import { createContext, useContext } from 'react';
import type { Me } from '../api/types';

export type Session = {
  me: Me;
  /** Ends this session on the server, then shows the sign-in screen. */
  signOut: () => Promise<void>;
  /** The server refused the session (401): back to the sign-in screen, saying why. */
  endSession: () => void;
};

export const SessionContext = createContext<Session | null>(null);

/** The signed-in person; only screens behind the sign-in use it. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === null) throw new Error('useSession is used outside the signed-in studio.');
  return session;
}
