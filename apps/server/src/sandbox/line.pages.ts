/** HTML of the sandbox LINE Login consent page: plain, self-contained, no script (our CSP allows none inline). */
const escape = (text: string) => text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);

const shell = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style>
body{margin:0;min-height:100vh;font-family:system-ui,sans-serif;background:#f3f5f7;color:#111;display:grid;place-items:center}
main{box-sizing:border-box;width:min(380px,94vw);padding:24px;border-radius:16px;background:#fff;box-shadow:0 10px 30px #0002}
h1{font-size:20px;margin:0 0 4px;color:#06c755} .muted{opacity:.7;font-size:13px} fieldset{border:0;padding:0;margin:16px 0}
label{display:flex;gap:10px;align-items:center;min-height:44px;border-bottom:1px solid #eee} input[type=text]{font:inherit;flex:1;min-height:40px;padding:0 10px;border:1px solid #ccc;border-radius:8px}
button{font:inherit;width:100%;min-height:48px;border-radius:10px;border:0;margin-top:10px;font-weight:700}
.allow{background:#06c755;color:#fff} .cancel{background:#e8e8e8;color:#111} .error{color:#c00} .nowrap{white-space:nowrap}
</style></head><body><main>${body}</main></body></html>`;

export interface ConsentRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  scope: string;
}

/** LINE's consent page, played: the tester picks a sandbox LINE user or makes one, and allows or cancels. */
export function consentPage(request: ConsentRequest, users: Array<{ userId: string; displayName: string }>, error = ''): string {
  const hidden = Object.entries({ client_id: request.clientId, redirect_uri: request.redirectUri, state: request.state, nonce: request.nonce, scope: request.scope })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
    .join('');
  const choices = users
    .map((user, index) => `<label><input type="radio" name="user_id" value="${escape(user.userId)}"${index === 0 ? ' checked' : ''}> ${escape(user.displayName)} <span class="muted">${escape(user.userId.slice(0, 9))}…</span></label>`)
    .join('');
  return shell(
    'Log in with LINE (sandbox)',
    `<h1>Log in with LINE (sandbox)</h1><p class="muted">The wallet asks for your profile and your LINE user ID (scope: ${escape(request.scope)}).</p>
    <p class="error">${escape(error)}</p>
    <form method="post" action="/sandbox/line/oauth2/v2.1/authorize">${hidden}
      <fieldset>${choices}
        <label><input type="radio" name="user_id" value="new"${users.length ? '' : ' checked'}> <span class="nowrap">New user</span> <input type="text" name="display_name" placeholder="Display name" maxlength="20"></label>
      </fieldset>
      <label><input type="checkbox" name="add_friend" value="on" checked> Add the wallet's LINE Official Account as a friend</label>
      <button class="allow" type="submit" name="decision" value="allow">Allow</button>
      <button class="cancel" type="submit" name="decision" value="cancel">Cancel</button>
    </form>`,
  );
}

export function errorPage(text: string): string {
  return shell('LINE Login (sandbox)', `<h1>LINE Login (sandbox)</h1><p class="error">${escape(text)}</p>`);
}
