/** HTML of the sandbox provider's pages: plain, self-contained, no inline script (our CSP). */
const escape = (text: string) => text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

const shell = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style>
body{margin:0;min-height:100vh;font-family:system-ui,sans-serif;background:#1b1036;color:#fff;display:grid;place-items:center}
main{box-sizing:border-box;width:min(360px,92vw);padding:24px;border-radius:24px;background:#2a1a55;box-shadow:0 20px 40px #0008;text-align:center}
h1{font-size:20px;margin:0 0 4px} .muted{opacity:.7;font-size:13px} .balance{font-size:40px;font-weight:800;margin:16px 0;color:#ffd76a}
button,input{font:inherit;width:100%;min-height:48px;border-radius:14px;border:0;margin-top:10px}
button{background:#ffd76a;color:#1b1036;font-weight:800} input{padding:0 12px;box-sizing:border-box}
.row{display:grid;grid-template-columns:1fr 1fr 1fr;gap:8px} .error{color:#ff9a9a;min-height:20px}
</style></head><body><main>${body}</main></body></html>`;

export function gamePage({ code, username, token, balance }: { code: string; username: string; token: string; balance: number }): string {
  return shell(
    `${code} demo game`,
    `<div id="game" data-code="${escape(code)}" data-username="${escape(username)}" data-token="${escape(token)}">
      <h1>${escape(code)} · Demo game</h1><div class="muted">${escape(username)} · sandbox provider</div>
      <div class="balance" id="balance">${balance.toFixed(2)}</div>
      <div class="row"><button data-bet="10">Spin 10</button><button data-bet="50">Spin 50</button><button data-bet="100">Spin 100</button></div>
      <p id="result" class="muted" aria-live="polite"></p>
      <p class="muted">Close this page and refresh your wallet to see the new balance.</p>
    </div><script src="/sandbox/provider/game.js"></script>`,
  );
}

export function loginPage(code: string, error: string): string {
  return shell(
    `${code} login`,
    `<h1>${escape(code)}</h1><div class="muted">Sandbox provider login</div>
    <form method="post" action="/sandbox/provider/login/${escape(code)}">
      <input name="username" placeholder="Username" autocomplete="username" required>
      <input name="password" type="password" placeholder="Password" autocomplete="current-password" required>
      <p class="error">${escape(error)}</p><button type="submit">Log in</button>
    </form>`,
  );
}

export function messagePage(title: string, text: string): string {
  return shell(title, `<h1>${escape(title)}</h1><p class="muted">${escape(text)}</p>`);
}
