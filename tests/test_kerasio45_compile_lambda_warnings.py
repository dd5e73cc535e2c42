"""compile(loss=lambda, metrics=[lambda]) then save warns twice under Python's default filter, as TF 2.21.

Keras 3 serializes the compile config's dict in one comprehension and its metrics list in another, so
its unsafe-lambda UserWarning comes from two locations and Python's once-per-location filter shows
both (progs/kerasio44/p8.py, progs/kerasio45/p8k44.py: two 'The object being serialized includes a
`lambda`' warnings for the compile config). tapeflow warned from one place, once.
"""
import warnings

import numpy as np

from framework import keras

TEXT = 'The object being serialized includes a `lambda`. This is unsafe.'


def _compiled():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile('sgd', loss=lambda y, p: keras.ops.mean(p - y), metrics=[lambda y, p: keras.ops.mean(p)])
    model.fit(np.ones((2, 3)), np.ones((2, 2)), verbose=0)
    return model


def test_loss_and_metric_lambdas_warn_from_two_places(tmp_path):
    model = _compiled()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')
        model.save(str(tmp_path / 'lb.keras'))
    lambdas = [w for w in caught if str(w.message).startswith(TEXT)]
    assert len(lambdas) == 2
    assert len({(w.filename, w.lineno) for w in lambdas}) == 2
