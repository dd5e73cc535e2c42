"""RemoteMonitor: POST each epoch's logs to a server, as Keras 3's callback does (it needs the
``requests`` package, as there; an unreachable server only warns)."""
import json
import warnings

import numpy as np

from .callback import Callback

# ``requests`` is imported at the first epoch end that posts, not with the callbacks (which fit loads):
# importing it calls warnings.simplefilter, which resets Python's record of warnings already shown, so
# a warning TF shows once per place (fit's 'shuffle=True ... was passed') showed again on the next fit.
_UNLOADED = object()
requests = _UNLOADED


def _requests():
    """The ``requests`` module, or None when it is not installed."""
    global requests
    if requests is _UNLOADED:
        try:
            import requests as module
        except ImportError:           # RemoteMonitor then raises Keras's ImportError at the first epoch end
            module = None
        requests = module
    return requests


class RemoteMonitor(Callback):
    """Send ``{'epoch': epoch, **logs}`` to ``root + path`` at the end of every epoch.

    Args:
        root: the server's URL; path: the path on it.
        field: the form field holding the JSON text (when ``send_as_json`` is False).
        headers: extra HTTP headers; send_as_json: post the logs as an application/json body.
    Raises:
        ImportError: at an epoch end, when ``requests`` is not installed (Keras's message).
    """

    def __init__(self, root='http://localhost:9000', path='/publish/epoch/end/', field='data', headers=None,
                 send_as_json=False):
        super().__init__()
        self.root, self.path, self.field = root, path, field
        self.headers, self.send_as_json = headers, send_as_json

    def on_epoch_end(self, epoch, logs=None):
        requests = _requests()
        if requests is None:
            raise ImportError('RemoteMonitor requires the `requests` library.')
        send = {'epoch': epoch}
        for key, value in (logs or {}).items():
            send[key] = value.item() if isinstance(value, (np.ndarray, np.generic)) else value
        try:
            if self.send_as_json:
                requests.post(self.root + self.path, json=send, headers=self.headers)
            else:
                requests.post(self.root + self.path, {self.field: json.dumps(send)}, headers=self.headers)
        except requests.exceptions.RequestException:
            warnings.warn('Could not reach RemoteMonitor root server at %s' % self.root, stacklevel=2)
