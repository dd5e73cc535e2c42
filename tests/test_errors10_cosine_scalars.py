"""Cosine similarity of a scalar label or prediction, as Keras 3 on TF 2.21: its normalize makes a
scalar a vector of one (so 0.5 normalizes to 1.0) instead of failing the reduction over axis -1, which
tapeflow did (errors10 fuzzer D rows loss/met/lossfn cosine *_scalar). Values printed by
/work/notes/progs/errors10/p/c1.py under /opt/tfref, rounded to 6 places (12 of 12 lines equal).
"""
import numpy as np
import pytest

from framework import keras

YP = np.array([[.7, .2, .1], [.2, .5, .3], [.1, .3, .6], [.3, .4, .3]], 'float32')
YT = np.eye(3, dtype='float32')[[0, 1, 2, 1]]


def metric(a, b):
    m = keras.metrics.CosineSimilarity()
    m.update_state(a, b)
    return m.result()


@pytest.mark.parametrize('compute, y_true, y_pred, expected', [
    (keras.losses.cosine_similarity, np.float32(0.5), YP, [-1.360828, -1.622214, -1.47442, -1.714986]),
    (lambda a, b: keras.losses.CosineSimilarity()(a, b), np.float32(0.5), YP, -1.543112),
    (metric, np.float32(0.5), YP, 1.543112),
    (keras.losses.cosine_similarity, YT, np.float32(-2.0), [1.0, 1.0, 1.0, 1.0]),
    (metric, YT, np.float32(-2.0), -1.0),
    (keras.losses.cosine_similarity, np.float32(0.0), YP, [0.0, 0.0, 0.0, 0.0]),
    (keras.losses.cosine_similarity, np.float32(3.0), np.float32(2.0), -1.0),
])
def test_scalars_are_normalized_as_vectors_of_one(compute, y_true, y_pred, expected):
    np.testing.assert_allclose(np.asarray(compute(y_true, y_pred)), np.float32(expected), rtol=0, atol=2e-6)
