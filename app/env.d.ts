interface ImportMetaEnv {
  /** Set in the production browser build, which runs on Preact's React layer (vite/preact-browser.ts). */
  readonly PORTAL_PREACT?: boolean;
}
