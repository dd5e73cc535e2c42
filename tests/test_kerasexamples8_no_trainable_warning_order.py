"""fit of a model without trainable weights warns before its compiled metrics are built, as TF 2.21.

keras.io's "Working with RNNs" guide, ported, ends in a model with no trainable weights whose
``metrics=["accuracy"]`` does not match its two outputs: Keras 3's train_step warns "The model does not
have any trainable weights." where it would apply the gradients, then builds the metrics, which raise.
TF 2.21 prints the warning and then the ValueError; tapeflow's traced first step built the metrics first,
so only the error showed. Golden: /work/notes/progs/kerasexamples8/p5.py (TF 2.21).
"""
import warnings

import numpy as np
import pytest

from framework import keras

ops = keras.ops
NO_WEIGHTS = 'The model does not have any trainable weights.'


def _two_output_model(metrics, run_eagerly=False):
    a, b = keras.Input((3,)), keras.Input((2,))
    model = keras.Model([a, b], [ops.sum(a, 1, keepdims=True), b * 2])
    model.compile('adam', 'mse', metrics=metrics, run_eagerly=run_eagerly)
    return model, [np.ones((4, 3), 'float32'), np.ones((4, 2), 'float32')], [np.ones((4, 1)), np.ones((4, 2))]


@pytest.mark.parametrize('run_eagerly', [False, True])
def test_the_warning_comes_before_the_metrics_error(run_eagerly):
    model, x, y = _two_output_model(['accuracy'], run_eagerly)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        with pytest.raises(ValueError, match='tuple arity mismatch; expected: 2, got: 1'):   # TF 2.21's text
            model.fit(x, y, verbose=0)
    assert [str(w.message) for w in seen] == [NO_WEIGHTS]       # TF 2.21: the one warning, then the error


def test_matching_metrics_still_warn_once_per_step_when_eager():
    model, x, y = _two_output_model([['mae'], ['mse']], run_eagerly=True)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        history = model.fit(x, y, verbose=0, epochs=2).history
    assert [str(w.message) for w in seen] == [NO_WEIGHTS] * 2   # TF 2.21: one per eager step
    # TF 2.21 gives {'loss': [5.0, 5.0], 'multiply_loss': [1.0, 1.0], 'multiply_mse': [1.0, 1.0],
    # 'sum_loss': [4.0, 4.0], 'sum_mae': [2.0, 2.0]} (the output names count up in a longer program)
    assert history['loss'] == [5.0, 5.0]
    assert sorted(v for k, v in history.items() if k != 'loss') == [[1.0, 1.0], [1.0, 1.0], [2.0, 2.0], [4.0, 4.0]]
