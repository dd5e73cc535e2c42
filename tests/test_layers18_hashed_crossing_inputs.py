"""keras.layers.HashedCrossing as Keras 3 runs it on TF 2.21: each feature converted on its own (Python lists
and scalars too), Keras's checks in its order and words, sparse one-hot outputs, and the compute dtype under a
mixed policy (notes progs/layers18/hc.py, hc2.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
_BANNER = 'Exception encountered when calling HashedCrossing.call().\n\n\x1b[1m'


def _message(fn, error=ValueError):
    with pytest.raises(error) as caught:
        fn()
    return str(caught.value)


def test_python_lists_and_scalars_are_features():
    # TF 2.21 gives [0 2] and 0; tapeflow read the list of lists as one array ("mixed types")
    assert L.HashedCrossing(5)([['a', 'b'], [1, 2]]).numpy().tolist() == [0, 2]
    out = L.HashedCrossing(5)(('a', 1))
    assert out.shape == () and out.dtype == tf.int64 and int(out) == 0


def test_sparse_one_hot():
    # TF 2.21: indices [[0 0] [1 2] [2 4]], values 1.0, dense_shape [3 5]; tapeflow refused sparse=True
    out = L.HashedCrossing(5, sparse=True, output_mode='one_hot')((np.array(['a', 'b', 'c']), np.array([1, 2, 3])))
    assert isinstance(out, tf.SparseTensor)
    assert out.indices.numpy().tolist() == [[0, 0], [1, 2], [2, 4]]
    assert out.values.numpy().tolist() == [1.0, 1.0, 1.0] and out.values.dtype == tf.float32
    assert out.dense_shape.numpy().tolist() == [3, 5]
    scalar = L.HashedCrossing(5, sparse=True, output_mode='one_hot')((np.array('a'), np.array(2)))
    assert scalar.indices.numpy().tolist() == [[0, 2]] and scalar.dense_shape.numpy().tolist() == [1, 5]


def test_sparse_int_is_dense_and_configured():
    layer = L.HashedCrossing(5, sparse=True)
    assert layer.get_config() == {'num_bins': 5, 'output_mode': 'int', 'sparse': True,
                                  'name': layer.name, 'dtype': 'int64'}
    out = layer((np.array(['a', 'b', 'c']), np.array([1, 2, 3])))
    assert not isinstance(out, tf.SparseTensor) and out.numpy().tolist() == [0, 2, 4]
    again = L.HashedCrossing.from_config(layer.get_config())
    assert again.sparse is True


def test_symbolic_sparse_and_mixed_outputs():
    a, b = keras.Input((1,), dtype='string'), keras.Input((1,), dtype='int64')
    out = L.HashedCrossing(5, sparse=True, output_mode='one_hot')([a, b])
    assert tuple(out.shape) == (None, 5) and out.dtype == 'float32'
    # TF 2.21: float16 under mixed_float16, eagerly and symbolically (tapeflow gave float32 eagerly)
    mixed = L.HashedCrossing(5, output_mode='one_hot', dtype='mixed_float16')
    assert mixed([a, b]).dtype == 'float16'
    eager = mixed((np.array(['a', 'b', 'c']), np.array([1, 2, 3])))
    assert eager.dtype == tf.float16 and eager.numpy().argmax(-1).tolist() == [0, 2, 4]


def test_call_refusals_in_keras_words():
    assert _message(lambda: L.HashedCrossing(5)(np.array(['a', 'b']))).startswith(
        _BANNER + "`HashedCrossing` should be called on a list or tuple of inputs. Received: inputs=['a' 'b']\x1b[0m")
    assert _message(lambda: L.HashedCrossing(5)((np.array(['a', 'b']),))).startswith(
        _BANNER + "`HashedCrossing` should be called on at least two inputs. "
        "Received: inputs=(array(['a', 'b'], dtype='<U1'),)\x1b[0m")
    assert _message(lambda: L.HashedCrossing(5)((np.array([['a']]) [None], np.array([[[1]]])))).startswith(
        _BANNER + "All `HashedCrossing` inputs should have shape `()`, `(batch_size)` or `(batch_size, 1)`. "
        "Received: inputs=[<tf.Tensor: shape=(1, 1, 1), dtype=string, numpy=array([[[b'a']]], dtype=object)>, "
        "<tf.Tensor: shape=(1, 1, 1), dtype=int64, numpy=array([[[1]]])>]\x1b[0m")
    assert _message(lambda: L.HashedCrossing(5)((np.array(['a', 'b']), np.array([1, 2, 3])))).startswith(
        _BANNER + "All `HashedCrossing` inputs should have equal shape. Received: inputs=[<tf.Tensor: shape=(2,), "
        "dtype=string, numpy=array([b'a', b'b'], dtype=object)>, <tf.Tensor: shape=(3,), dtype=int64, "
        "numpy=array([1, 2, 3])>]\x1b[0m")


@pytest.mark.parametrize('first, shown', [
    (np.array([1., 2.]), '<tf.Tensor: shape=(2,), dtype=float64, numpy=array([1., 2.])>'),     # (kept float64)
    (np.array([True, False]), '<tf.Tensor: shape=(2,), dtype=bool, numpy=array([ True, False])>'),
    ([1., 2.], '<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)>'),
])
def test_float_and_bool_features_refused(first, shown):
    # tapeflow hashed the float64 array (as [1 1]) and worded the bool refusal its own way
    assert _message(lambda: L.HashedCrossing(5)([first, np.array([1, 2])])).startswith(
        _BANNER + 'All `HashedCrossing` inputs should have an integer or string dtype. Received: inputs=[%s, '
        '<tf.Tensor: shape=(2,), dtype=int64, numpy=array([1, 2])>]\x1b[0m' % shown)


def test_compute_output_shape_in_keras_words():
    layer = L.HashedCrossing(5)
    assert _message(lambda: layer.compute_output_shape([(None,), (None,), (None,)])) == (
        'Expected as input a list/tuple of 2 tensors. Received input_shape=[(None,), (None,), (None,)]')
    assert _message(lambda: layer.compute_output_shape([[None, 2], [None, 2]])) == (
        'Expected as input a list/tuple of 2 tensors. Received input_shape=[[None, 2], [None, 2]]')
    assert _message(lambda: layer.compute_output_shape([(None, 2), (None, 3)])) == (
        'Expected the two input tensors to have identical shapes. Received input_shape=[(None, 2), (None, 3)]')
    # Keras reads the last axes: scalar shapes are its IndexError (tapeflow returned (5,))
    assert _message(lambda: L.HashedCrossing(5, output_mode='one_hot').compute_output_shape([(), ()]),
                    IndexError) == 'tuple index out of range'
    assert L.HashedCrossing(5, output_mode='one_hot').compute_output_shape([(None, 2), (None, 2)]) == (None, 2, 5)
