// /user/home's own page (user/home.html, vite.config.ts) starts home's first reads and the answers' worker before the app's code arrives (docs/adr/0446); sent as written, so kept short.
(function () {
  var early = { token: localStorage.getItem('token') || sessionStorage.getItem('token'), answers: {}, worker: null };
  window.earlyReads = early;
  if (!early.token) return;
  var workerAddress = document.currentScript && document.currentScript.dataset.worker;
  try {
    if (workerAddress) early.worker = new Worker(workerAddress, { type: 'module', name: 'answer-check' });
  } catch {
    early.worker = null; // none here: the app checks answers itself
  }
  // A worker whose file did not load is not adopted: the app starts its own.
  if (early.worker) early.worker.onerror = function (event) {
    event.preventDefault();
    early.worker.terminate();
    early.worker = null;
  };
  function read(path) {
    var headers = { 'X-Client': 'wallet-user', Authorization: 'Bearer ' + early.token };
    return fetch(path, { headers: headers, signal: AbortSignal.timeout(60000) }).then(function (response) {
      return response.json().then(undefined, function () {}).then(function (payload) {
        return { status: response.status, ok: response.ok, payload: payload, retryAfter: response.headers.get('retry-after') };
      });
    }, function () {
      return null; // not reached: the app asks again itself
    });
  }
  early.answers['/api/wallet'] = read('/api/wallet');
  early.answers['/api/protection'] = read('/api/protection');
  early.answers['/api/spinwheel/active'] = read('/api/spinwheel/active');
  early.answers['/api/bonus/check/active'] = read('/api/bonus/check/active');
  early.answers['/api/account/agreement'] = read('/api/account/agreement');
})();
