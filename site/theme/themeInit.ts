/** The localStorage key holding the reader's theme: 'light', 'dark' or 'auto' (anything else is auto). */
export const themeStorageKey = 'sheaf-theme'

/**
 * An inline script for <head> that sets `html.dark` before first paint, so a
 * dark-mode reader never sees a white flash. ES5, no input from outside:
 * only the stored choice and the system preference are read.
 */
export const themeInitScript =
  `(function(){try{var t=localStorage.getItem('${themeStorageKey}');var ` +
  `d=t==='dark'||(t!=='light'&&window.matchMedia('(prefers-color-scheme: ` +
  `dark)').matches);if(d)document.documentElement.classList.add('dark')}catch(e){}})();`
