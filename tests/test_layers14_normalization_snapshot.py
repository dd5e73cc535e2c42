"""Keras 3's Normalization computes with a snapshot of its adapt weights taken by finalize_state (end of build,
end of adapt, after loading a .keras / .weights.h5 / legacy .h5 file), not with the weights themselves.

Printed by TF 2.21 (notes/progs/layers14/nsnap.py, nsnap2.py, ck1.py), x = [[1., 2.], [3., 6.]]:
    n = Normalization(); n.adapt(x); n.set_weights([zeros(2), full(2, 4.), 0]); n(x)   -> [[-1, -1], [1, 1]]
        n.mean -> [[2., 4.]]; n.finalize_state(); n(x) -> [[0.5, 1.], [1.5, 3.]]
    n.adapt_variance.assign([9., 9.]); n(x)                                             -> [[-1, -1], [1, 1]]
    n = Normalization(invert=True); n.adapt(x); n.set_weights(W); n(x)                  -> [[3, 8], [5, 16]]
    Sequential([Input((2,)), Normalization(), Dense(1, 'ones')]).set_weights(adapted model's) -> [[3], [9]]
        (the same model after load_weights('.weights.h5') / load_model('.keras' / '.h5') -> [[-2], [2]];
        a Normalization inside a nested Sequential loaded from a legacy .h5 -> [[3], [9]])
    mixed_float16: n.mean.dtype float16
    Checkpoint restore into a built layer -> [[1, 2], [3, 6]]; into an unbuilt one, then called -> [[-1, -1], [1, 1]]
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.array([[1., 2.], [3., 6.]], 'float32')
NEW = [np.zeros(2, 'float32'), np.full(2, 4., 'float32'), np.array(0, 'int64')]


def _adapted(**kwargs):
    layer = keras.layers.Normalization(**kwargs)
    layer.adapt(X)
    return layer


def _model(layer=None):
    return keras.Sequential([keras.Input((2,)), layer or keras.layers.Normalization(),
                             keras.layers.Dense(1, kernel_initializer='ones')])


def test_set_weights_and_assign_show_after_finalize_state():
    layer = _adapted()
    layer.set_weights(NEW)
    np.testing.assert_array_equal(layer(X).numpy(), [[-1., -1.], [1., 1.]])
    np.testing.assert_array_equal(layer.mean.numpy(), [[2., 4.]])
    layer.finalize_state()
    np.testing.assert_array_equal(layer(X).numpy(), [[0.5, 1.], [1.5, 3.]])
    other = _adapted()
    other.adapt_variance.assign([9., 9.])
    np.testing.assert_array_equal(other(X).numpy(), [[-1., -1.], [1., 1.]])
    np.testing.assert_array_equal(other.variance.numpy(), [[1., 4.]])
    inverted = _adapted(invert=True)
    inverted.set_weights(NEW)
    np.testing.assert_array_equal(inverted(X).numpy(), [[3., 8.], [5., 16.]])


def test_model_set_weights_keeps_the_build_snapshot_in_call_predict_and_traces():
    model = _model()
    model.set_weights(_model(_adapted()).get_weights())
    np.testing.assert_array_equal(model(X).numpy(), [[3.], [9.]])
    np.testing.assert_array_equal(model.predict(X, verbose=0), [[3.], [9.]])
    layer = _adapted()
    layer.set_weights(NEW)
    np.testing.assert_array_equal(tf.function(lambda t: layer(t))(X).numpy(), [[-1., -1.], [1., 1.]])


@pytest.mark.parametrize('suffix', ['.weights.h5', '.keras', '.h5'])
def test_loading_a_file_takes_the_loaded_statistics(tmp_path, suffix):
    path = str(tmp_path / ('m' + suffix))
    saved = _model(_adapted())
    if suffix == '.weights.h5':
        saved.save_weights(path)
        loaded = _model()
        loaded.load_weights(path)
    else:
        saved.save(path)
        loaded = keras.models.load_model(path)
    np.testing.assert_array_equal(loaded(X).numpy(), [[-2.], [2.]])


def test_legacy_h5_does_not_reach_a_normalization_in_a_nested_model(tmp_path):
    def nested(layer=None):
        inner = keras.Sequential([keras.Input((2,)), layer or keras.layers.Normalization()])
        return keras.Sequential([keras.Input((2,)), inner, keras.layers.Dense(1, kernel_initializer='ones')])
    nested(_adapted()).save(str(tmp_path / 'm.h5'))
    np.testing.assert_array_equal(keras.models.load_model(str(tmp_path / 'm.h5'))(X).numpy(), [[3.], [9.]])
    nested(_adapted()).save_weights(str(tmp_path / 'm.weights.h5'))
    loaded = nested()
    loaded.load_weights(str(tmp_path / 'm.weights.h5'))
    np.testing.assert_array_equal(loaded(X).numpy(), [[-2.], [2.]])


def test_checkpoint_restores_as_tensorflow_creates_the_variables(tmp_path):
    path = tf.train.Checkpoint(layer=_adapted()).write(str(tmp_path / 'ck'))
    built = keras.layers.Normalization()
    built.build((None, 2))
    tf.train.Checkpoint(layer=built).read(path)
    np.testing.assert_array_equal(built(X).numpy(), X)          # restored weights, the build's snapshot
    waiting = keras.layers.Normalization()
    tf.train.Checkpoint(layer=waiting).read(path)
    np.testing.assert_array_equal(waiting(X).numpy(), [[-1., -1.], [1., 1.]])


def test_mixed_precision_snapshot_is_in_the_compute_dtype():
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        layer = _adapted()
        layer.set_weights(NEW)
        out = layer(X)
        assert (out.dtype, layer.mean.dtype, layer.adapt_mean.dtype) == ('float16', 'float16', 'float32')
        np.testing.assert_array_equal(out.numpy(), [[-1., -1.], [1., 1.]])
    finally:
        keras.mixed_precision.set_global_policy('float32')
