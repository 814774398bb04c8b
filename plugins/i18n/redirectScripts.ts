import { escapeMarkup } from 'sheaf'

/**
 * The first-visit target, as browser source (ES5: it is inlined in <head> and runs before any
 * bundle). Arguments: the locales data `{ locales, base }`, the current location (anything with
 * pathname, search, hash and origin), the page's language and the browser's. Returns an absolute
 * URL on the current origin, or null (no redirect).
 *
 * The path is built from `location.pathname`, which the reader's URL controls: with `base: '/'`,
 * `/zh//evil.example/x` minus its prefix is `//evil.example/x`, a protocol-relative URL to another
 * host. So the target is resolved with `new URL(…, origin)` and dropped unless it stays on the
 * origin (this covers `//`, `/\` and whatever else a URL parser reads as an authority).
 */
export const firstVisitTargetSource =
  `function(d,loc,cur,nav){nav=String(nav||'').toLowerCase();var target=null;for(var i=0;` +
  `i<d.locales.length;i++){var l=d.locales[i];var lang=l.lang.toLowerCase();` +
  `if(nav===lang||nav.split('-')[0]===lang.split('-')[0]){target=l;break}}` +
  `if(!target||target.lang===cur)return null;var p=loc.pathname;if(p+'/'===d.base)p=d.base;` +
  `if(p.indexOf(d.base)!==0)return null;p=p.slice(d.base.length-1);for(var j=0;j<d.locales.length;j++){` +
  `var c=d.locales[j];if(c.prefix&&(p==='/'+c.prefix||p.indexOf('/'+c.prefix+'/')===0)){` +
  `p=p.slice(c.prefix.length+1)||'/';break}}` +
  `var u=new URL(d.base.slice(0,-1)+(target.prefix?'/'+target.prefix:'')+p+loc.search+loc.hash,loc.origin);` +
  `return u.origin===loc.origin?u.href:null}`

/**
 * The first-visit redirect (SPEC §4), inlined in <head> so it runs before
 * paint: when the browser's language matches a configured locale other than
 * the page's, go to that locale once and remember the visit.
 */
export function firstVisitScript(locales: { lang: string; prefix: string }[], base: string): string {
  const data = JSON.stringify({ locales, base })
  return (
    `(function(){try{var d=${data.replace(/</g, '\\u003c')};var k='sheaf-visited';` +
    `if(localStorage.getItem(k))return;localStorage.setItem(k,'1');` +
    `var t=(${firstVisitTargetSource})(d,location,document.documentElement.lang,navigator.language);` +
    `if(t)location.replace(t)}catch(e){}})();`
  )
}

/**
 * A root-relative path that a browser resolves on the same origin: routes come from file names,
 * and `/\evil.example` (a backslash is a slash to a URL parser) or `//evil.example` would leave it.
 */
export function sameOriginPath(path: string): string {
  return `/${path.replace(/\\/g, '%5C').replace(/^\/+/, '')}`
}

/** A static page that sends a reader from `/en/x` (the default language's prefix) to `/x`. */
export function redirectPage(target: string): string {
  const escaped = escapeMarkup(sameOriginPath(target), 'attribute')
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>Redirecting</title><meta http-equiv="refresh" ` +
    `content="0; url=${escaped}"><link rel="canonical" href="${escaped}"></head><body><a ` +
    `href="${escaped}">Redirecting to ${escaped}</a></body></html>\n`
  )
}
