"""R2Score(num_regressors=...) falls back to the plain R2 score with Keras 3.15's warning texts.

TF 2.21 prints 'More independent predictors than datapoints in adjusted R2 score. Falling back to standard
R2 score.' and 'Division by zero in Adjusted R2 score. Falling back to standard R2 score.', attributed to
the line that calls result(); tapeflow worded both its own way (probe notes/progs/blogs30/p107.py).
Scores are TF 2.21's.
"""
import sys
import warnings

import numpy as np

import framework as tf

Y = np.array([[1.0], [2.0], [3.0], [4.0]], 'float32')
P = np.array([[1.1], [1.9], [3.3], [3.6]], 'float32')


def _result(metric, y, p):
    metric.update_state(y, p)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        score = metric.result(); line = sys._getframe().f_lineno      # noqa: E702  (the caller's line)
    return score, [(w.category, str(w.message), w.filename, w.lineno) for w in caught], line


def test_more_regressors_than_datapoints():
    score, caught, line = _result(tf.keras.metrics.R2Score(num_regressors=5), Y, P)
    assert score.numpy() == np.float32(0.9459999799728394)
    assert caught == [(UserWarning, 'More independent predictors than datapoints in adjusted R2 score. Falling '
                       'back to standard R2 score.', __file__, line)]


def test_regressors_one_less_than_datapoints():
    score, caught, line = _result(tf.keras.metrics.R2Score(num_regressors=2), Y[:3], P[:3])
    assert score.numpy() == np.float32(0.9449999928474426)
    assert caught == [(UserWarning, 'Division by zero in Adjusted R2 score. Falling back to standard R2 score.',
                       __file__, line)]
