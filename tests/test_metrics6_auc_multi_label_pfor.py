"""AUC(multi_label=True) counts two pfor calls per eager update, as TF 2.21's retracing warning shows.

Keras 3's optimized confusion-matrix update (evenly spaced thresholds: the default, or e.g.
[0.25, 0.5, 0.75]) runs the per-label segment sums of tp and fp through backend.vectorized_map;
each eager call makes a tf.function of pfor's inner ``f``. TF 2.21 (notes progs/metrics6/pfor1.py,
pfor2.py) logs, at a fresh program's third update of one such AUC:

    WARNING:tensorflow:5 out of the last 5 calls to <function pfor.<locals>.f at 0x...> triggered tf.function retracing. ...
    WARNING:tensorflow:6 out of the last 6 calls to <function pfor.<locals>.f at 0x...> ...

and nothing for uneven thresholds ([0.1, 0.5, 0.55]), multi_label=False, or an update inside a tf.function.
"""
import importlib
import logging
import weakref

import numpy as np
import pytest

import framework as tf
from framework import keras

retracing_warning = importlib.import_module('framework.retracing_warning')


@pytest.fixture
def pfor_warnings(caplog, monkeypatch):
    monkeypatch.setattr(retracing_warning, '_DETECTORS', weakref.WeakKeyDictionary())    # a fresh program's history
    with caplog.at_level(logging.WARNING, logger='tensorflow'):
        yield lambda: [r.getMessage().split(' calls to ')[0] for r in caplog.records
                       if 'pfor.<locals>.f' in r.getMessage()]


def _batch():
    rng = np.random.default_rng(0)
    return (rng.random((8, 3)) > 0.5).astype(np.float32), rng.random((8, 3)).astype(np.float32)


@pytest.mark.parametrize('make', [lambda: keras.metrics.AUC(multi_label=True),
                                  lambda: keras.metrics.AUC(multi_label=True, thresholds=[0.25, 0.5, 0.75]),
                                  lambda: keras.metrics.AUC(multi_label=True, curve='PR', num_thresholds=3)])
def test_third_eager_update_logs_the_fifth_and_sixth_pfor_trace(pfor_warnings, make):
    y, p = _batch()
    metric = make()
    metric.update_state(y, p)
    metric.update_state(y, p)
    assert pfor_warnings() == []
    metric.update_state(y, p)
    assert pfor_warnings() == ['5 out of the last 5', '6 out of the last 6']


@pytest.mark.parametrize('make', [lambda: keras.metrics.AUC(multi_label=True, thresholds=[0.1, 0.5, 0.55]),
                                  lambda: keras.metrics.AUC(multi_label=False)])
def test_updates_without_vectorized_map_log_nothing(pfor_warnings, make):
    y, p = _batch()
    metric = make()
    for _ in range(4):
        metric.update_state(y, p)
    assert pfor_warnings() == []


def test_updates_inside_a_tf_function_log_nothing(pfor_warnings):
    y, p = _batch()
    metric = keras.metrics.AUC(multi_label=True)

    @tf.function
    def update(labels, predictions):
        metric.update_state(labels, predictions)

    for _ in range(4):
        update(y, p)
    assert pfor_warnings() == []
    assert float(metric.result()) == pytest.approx(0.4791666567325592, abs=1e-7)    # TF 2.21, 4 updates (pfor1.py: 0.4791666567325592)
