// Home's first reads (the wallet, the protection status), sent as the page opens while the app's
// code is still on its way. The app takes each answer once, for the session it was sent with, and
// none once it has sent anything but a read (apps/web/src/shared/api/early-reads.ts).
(function () {
  if (location.pathname !== '/user/home') return;
  var token = null;
  try {
    token = localStorage.getItem('token') || sessionStorage.getItem('token');
  } catch (blocked) {
    return;
  }
  if (!token) return;
  var reads = {};
  ['/api/wallet', '/api/protection'].forEach(function (path) {
    var response = fetch(path, { headers: { 'X-Client': 'wallet-user', Authorization: 'Bearer ' + token } });
    response.catch(function () {});
    reads[path] = { token: token, response: response };
  });
  window.__earlyReads = reads;
})();
