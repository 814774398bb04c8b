/**
 * The first-visit redirect (SPEC §4), inlined in <head> so it runs before
 * paint: when the browser's language matches a configured locale other than
 * the page's, go to that locale once and remember the visit.
 */
export function firstVisitScript(locales: { lang: string; prefix: string }[], base: string): string {
  const data = JSON.stringify({ locales, base })
  return `(function(){try{var d=${data.replace(/</g, '\\u003c')};var k='sheaf-visited';if(localStorage.getItem(k))return;localStorage.setItem(k,'1');var cur=document.documentElement.lang;var nav=(navigator.language||'').toLowerCase();var target=null;for(var i=0;i<d.locales.length;i++){var l=d.locales[i];if(nav===l.lang.toLowerCase()||nav.split('-')[0]===l.lang.toLowerCase().split('-')[0]){target=l;break}}if(!target||target.lang===cur)return;var p=location.pathname.slice(d.base.length-1);for(var j=0;j<d.locales.length;j++){var c=d.locales[j];if(c.prefix&&(p==='/'+c.prefix||p.indexOf('/'+c.prefix+'/')===0)){p=p.slice(c.prefix.length+1)||'/';break}}location.replace(d.base.slice(0,-1)+(target.prefix?'/'+target.prefix:'')+p+location.hash)}catch(e){}})();`
}

/** A static page that sends a reader from `/en/x` (the default language's prefix) to `/x`. */
export function redirectPage(target: string): string {
  const escaped = target.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return `<!doctype html><html><head><meta charset="utf-8"><title>Redirecting</title><meta http-equiv="refresh" content="0; url=${escaped}"><link rel="canonical" href="${escaped}"></head><body><a href="${escaped}">Redirecting to ${escaped}</a></body></html>\n`
}
