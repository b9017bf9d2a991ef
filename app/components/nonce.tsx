import { createContext, useContext } from 'react';

/** The per-response CSP nonce, handed from the document renderer to the scripts that need it. */
const NonceContext = createContext<string>('');

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
