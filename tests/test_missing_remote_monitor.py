"""keras.callbacks.RemoteMonitor (layers/callbacks/remote_monitor.py), as Keras 3.15.1's: what it posts, the
warning for an unreachable server (/work/notes/progs/missing/tf_remote.py gives the same two warnings on TF 2.21)
and the ImportError without ``requests``. No network is used: ``requests.post`` is replaced."""
import json

import numpy as np
import pytest

from framework import keras
from layers.callbacks import remote_monitor


def _fit(callback):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, kernel_initializer='ones')])
    model.compile('sgd', 'mse')
    model.fit(np.ones((4, 2)), np.zeros((4, 1)), epochs=2, verbose=0, callbacks=[callback])


def test_posts_each_epoch_as_a_form_field_or_json(monkeypatch):
    requests = pytest.importorskip('requests')
    posted = []
    monkeypatch.setattr(requests, 'post', lambda url, data=None, json=None, headers=None: posted.append(
        (url, data, json, headers)))
    _fit(keras.callbacks.RemoteMonitor(root='http://monitor', headers={'X': '1'}))
    assert [p[0] for p in posted] == ['http://monitor/publish/epoch/end/'] * 2
    first = json.loads(posted[0][1]['data'])
    assert first['epoch'] == 0 and first['loss'] == pytest.approx(4.0) and posted[0][3] == {'X': '1'}
    posted.clear()
    _fit(keras.callbacks.RemoteMonitor(path='/logs', send_as_json=True))
    assert posted[1][0] == 'http://localhost:9000/logs' and posted[1][2]['epoch'] == 1


def test_an_unreachable_server_warns_as_keras(monkeypatch):
    requests = pytest.importorskip('requests')

    def refuse(*args, **kwargs):
        raise requests.exceptions.ConnectionError('refused')
    monkeypatch.setattr(requests, 'post', refuse)
    with pytest.warns(UserWarning, match='Could not reach RemoteMonitor root server at http://127.0.0.1:9'):
        _fit(keras.callbacks.RemoteMonitor(root='http://127.0.0.1:9'))


def test_without_requests_the_first_epoch_end_raises_keras_import_error(monkeypatch):
    monkeypatch.setattr(remote_monitor, 'requests', None)
    with pytest.raises(ImportError, match='RemoteMonitor requires the `requests` library.'):
        _fit(keras.callbacks.RemoteMonitor())
