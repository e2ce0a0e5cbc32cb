import { createContext, useContext, type ReactNode } from 'react';
import type { Platform } from './platform';

const PlatformContext = createContext<Platform | null>(null);

/** Provides the platform detected once at boot to every page. */
export function PlatformProvider({ platform, children }: { platform: Platform; children: ReactNode }) {
  return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
}

/** The current host adapter. Pages read this; nothing else reads navigator. */
export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform() outside <PlatformProvider>');
  return platform;
}
